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
 * A run whose process died is taken over once its lease lapses. 5 s keeps the scenario short. On a
 * busy machine a live attempt can still miss its renewals for a whole lease and be taken over once
 * more: harmless (one reply, one charge), but the model is then asked again, so the number of
 * calls is reported rather than fixed.
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

    const askedQuestion = () => model.chats().filter((request) => askedMessage(request) === question).length;
    await eventually(() => (askedQuestion() > 0 ? true : undefined), 60_000, 'the run to reach the model');
    await first.kill();
    expect(await first.exited).toBe('SIGKILL');
    const askedBeforeRestart = askedQuestion();
    model.answer();

    const startedAt = performance.now();
    const second = await startServer(database, { ...model.env, ...LEASE });
    const again = new ApiClient(second.baseUrl);
    await again.waitForReply(owner, accepted.session_id, accepted.created_at, 120_000);
    report(
      `agent-run crash (${engine})`,
      `reply ${Math.round(performance.now() - startedAt)} ms after the restart began; the question went to the model ${askedQuestion()} times (${askedBeforeRestart} before the kill)`,
    );

    const chat = await again.sessionMessages(owner, accepted.session_id);
    expect(chat.messages.filter((message) => message.role === 'assistant').map((message) => message.content)).toEqual([`Answer to: ${question}`]);
    expect(chat.run?.status).toBe('succeeded');
    const after = await again.credits(owner);
    expect(after.used - before.used).toBe(accepted.credits_charged);
    // The restarted server took the run over: the model was asked again after the kill (the dead
    // server could not have). Two calls in all as a rule; more only when a live attempt lost its
    // lease (above), which the person never sees: the reply and the charge are checked above.
    expect(askedQuestion()).toBeGreaterThan(askedBeforeRestart);
  });
});
