/**
 * Durable runs: a server stopped while a model is still writing leaves the run to the next process,
 * which resumes it (one reply, charged once) or, when it has run out of attempts, fails it cleanly
 * with a refund. Never a run silently dropped.
 */
import { describe, expect, it } from 'vitest';
import type { Database } from '../../server/src/db/database';
import { createTestApp, registerOwner, type TestApp } from '../helpers/server';
import { databaseAndModelPerTest } from '../helpers/restart-set-up';
import type { FakeOpenAi } from '../helpers/fake-openai';
import { creditsOf, sendAsync, waitForReply, type AcceptedBody } from '../helpers/fake-openai-chat';

describe('an agent run interrupted by a restart', () => {
  const { cleanups, setUp } = databaseAndModelPerTest({ hang: true });

  const env = (fake: FakeOpenAi, extra: Record<string, string> = {}) => ({
    OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl,
    // Short lease so the next process may take the run over within a second or two.
    AGENT_RUN_LEASE_SECONDS: '1',
    ...extra,
  });

  async function startRunThenStop(database: Database, fake: FakeOpenAi) {
    const first: TestApp = await createTestApp({ database, env: env(fake) });
    const owner = await registerOwner(first.app);
    const caller = { access_token: owner.access_token, spaceId: owner.defaultSpace.id };
    const accepted = (await sendAsync(first.app, caller, 'cmo', { message: 'Quarterly priorities' })).json<AcceptedBody>();
    const deadline = Date.now() + 10_000;
    while (fake.requests.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fake.requests.length).toBe(1);
    await first.close();
    return { caller, accepted };
  }

  it('resumes the run in the next process: one reply, charged once', async () => {
    const { database, fake } = await setUp();
    const { caller, accepted } = await startRunThenStop(database, fake);

    fake.behave({ reply: () => 'Resumed after the restart.' });
    const second = await createTestApp({ database, env: env(fake) });
    cleanups.push(() => second.close());
    const result = await waitForReply(second.app, caller, accepted.session_id, accepted.created_at, 30_000);
    expect(result.run?.status).toBe('succeeded');
    expect(result.messages.filter((m) => m.role === 'assistant').map((m) => m.content)).toEqual(['Resumed after the restart.']);
    expect((await creditsOf(second.app, caller)).remaining).toBe(3000 - 20);
  }, 60_000);

  it('fails cleanly with a refund when the run has used up its attempts', async () => {
    const { database, fake } = await setUp();
    const { caller, accepted } = await startRunThenStop(database, fake);

    const second = await createTestApp({ database, env: env(fake, { AGENT_RUN_MAX_ATTEMPTS: '1' }) });
    cleanups.push(() => second.close());
    const result = await waitForReply(second.app, caller, accepted.session_id, accepted.created_at, 30_000);
    expect(result.run).toMatchObject({ status: 'failed', refunded: true });
    expect(result.run?.error).toContain('refunded');
    expect((await creditsOf(second.app, caller)).remaining).toBe(3000);
  }, 60_000);
});
