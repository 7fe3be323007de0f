/**
 * (b) A server killed outright (SIGKILL) while the model is writing a reply: the server started
 * again on the same data takes the run over once its lease lapses, and the person gets exactly
 * one reply, charged exactly once.
 *
 * The model is a local OpenAI-compatible stand-in that holds its answer, so the kill certainly
 * lands mid-run (after the stand-in received the request), not before or after it.
 */
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../tools/api-client';
import { eventually, freshDatabase, report, startServer, type Engine } from './harness';
import { askedMessage, startModelStandIn } from './model-stand-in';

/**
 * A run whose process died is taken over once its lease lapses. 5 s keeps the scenario short; much
 * shorter and a live process on this busy machine can miss a renewal and lose its run to the sweep
 * (harmless, the first reply wins, but the model is then asked twice).
 */
const LEASE = { AGENT_RUN_LEASE_SECONDS: '5' };

/** Which engine this scenario proves something on, and why: docs/testing.md ("The fault suite"). */
const engine: Engine = 'pglite';

describe(`kill -9 during an agent run (${engine})`, () => {
  it('after the restart the reply arrives once and the credits are charged once', async () => {
    const database = await freshDatabase(engine);
    const model = await startModelStandIn({ hold: true });
    const first = await startServer(database, { ...model.env, ...LEASE });
    const api = new ApiClient(first.baseUrl);
    const owner = await api.registerOwner('runs');
    const before = await api.credits(owner);
    const question = 'Which three campaigns should we run next quarter?';
    const accepted = await api.sendMessage(owner, 'cmo', question);
    expect(accepted.credits_charged).toBeGreaterThan(0);

    await eventually(() => (model.chats().some((request) => askedMessage(request) === question) ? true : undefined), 60_000, 'the run to reach the model');
    await first.kill();
    expect(await first.exited).toBe('SIGKILL');
    model.answer();

    const startedAt = performance.now();
    const second = await startServer(database, { ...model.env, ...LEASE });
    const again = new ApiClient(second.baseUrl);
    await again.waitForReply(owner, accepted.session_id, accepted.created_at, 120_000);
    report(`agent-run crash (${engine})`, `reply ${Math.round(performance.now() - startedAt)} ms after the restart began; model asked ${model.chats().length} times`);

    const chat = await again.sessionMessages(owner, accepted.session_id);
    expect(chat.messages.filter((message) => message.role === 'assistant').map((message) => message.content)).toEqual([`Answer to: ${question}`]);
    expect(chat.run?.status).toBe('succeeded');
    const after = await again.credits(owner);
    expect(after.used - before.used).toBe(accepted.credits_charged);
    // The interrupted attempt and the one that answered: the run was resumed, not started twice over.
    expect(model.chats().filter((request) => askedMessage(request) === question)).toHaveLength(2);
  });
});
