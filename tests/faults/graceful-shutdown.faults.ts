/**
 * (j) A process told to stop (SIGTERM, as a rolling upgrade does: docs/deploy.md "Graceful
 * shutdown") while a reply is being written, a long poll waits for it and an event stream follows
 * it. It drains: readiness answers 503 at once while everything else is still served for
 * SHUTDOWN_DRAIN_SECONDS; then the long poll is answered and the event stream ends (neither is cut
 * off), the process exits 0, and the run it was answering is back in the queue, not held by a
 * lease; the next process answers it once, charging once.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { API, ApiClient } from '../tools/api-client';
import { eventually, freshDatabase, onCleanup, report, startServer } from './harness';
import { startModelStandIn } from './model-stand-in';

describe('a process told to stop (SIGTERM) while it answers', () => {
  it('drains: not ready but serving, then the long poll answered and the stream ended, exit 0, the run handed back', async () => {
    const database = await freshDatabase('postgres');
    const model = await startModelStandIn({ hold: true });
    const first = await startServer(database, { ...model.env, SHUTDOWN_DRAIN_SECONDS: '5' });
    const api = new ApiClient(first.baseUrl);
    const owner = await api.registerOwner('drain');
    const question = 'What should we post this week?';
    const accepted = await api.sendMessage(owner, 'seo', question);
    await eventually(() => (model.chats().length > 0 ? true : undefined), 60_000, 'the run to ask the model');
    const creditsBefore = await api.credits(owner);

    const headers = { authorization: `Bearer ${owner.access_token}`, 'x-space-id': owner.spaceId };
    const session = `${first.baseUrl}${API}/agents/sessions/${accepted.session_id}`;
    const poll = fetch(`${session}/poll?since=${encodeURIComponent(accepted.created_at)}`, { headers });
    const stream = await fetch(`${session}/stream`, { headers });
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const streamEnded = stream.text();

    const signalledAt = performance.now();
    const stopping = first.stop();
    const notReady = await eventually(
      async () => {
        const response = await fetch(`${first.baseUrl}${API}/health/ready`);
        return response.status === 503 ? ((await response.json()) as { code: string }) : undefined;
      },
      30_000,
      'readiness to say the process is draining',
    );
    expect(notReady.code).toBe('NOT_READY_DRAINING');
    // Still serving while it drains.
    expect((await fetch(`${first.baseUrl}${API}/health`)).status).toBe(200);
    expect((await api.credits(owner)).remaining).toBe(creditsBefore.remaining);

    await stopping;
    const exitMs = performance.now() - signalledAt;
    expect(await first.exited).toBe(0);
    expect((await poll).status).toBe(200);
    expect(typeof (await streamEnded)).toBe('string');

    const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
    await client.connect();
    onCleanup(() => client.end());
    const { rows } = await client.query<{ status: string; lease_until: Date | null }>('SELECT status, lease_until FROM agent_runs WHERE id = $1', [accepted.run_id]);
    expect(rows).toEqual([{ status: 'queued', lease_until: null }]);

    model.answer();
    const second = await startServer(database, model.env);
    const startedAt = performance.now();
    const next = new ApiClient(second.baseUrl);
    await next.waitForReply(owner, accepted.session_id, accepted.created_at, 60_000);
    const chat = await next.sessionMessages(owner, accepted.session_id);
    expect(chat.messages.filter((message) => message.role === 'assistant').map((message) => message.content)).toEqual([`Answer to: ${question}`]);
    expect((await next.credits(owner)).remaining).toBe(creditsBefore.remaining);
    report(
      'graceful shutdown (postgres)',
      `exit 0 ${Math.round(exitMs)} ms after SIGTERM (5 s of draining); the run handed back and answered ${Math.round(performance.now() - startedAt)} ms after the next process started; model asked ${model.chats().length} times`,
    );
  });
});
