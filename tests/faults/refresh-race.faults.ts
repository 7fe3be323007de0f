/**
 * (e) The refresh race: two tabs (or a tab and the service worker) refresh with the same refresh
 * token at the same moment. Both must succeed with the same successor, and the session must stay
 * usable; without a grace window the second call looks like token theft and signs the person out.
 *
 * Needs the refresh grace window of the session-hardening work: without it the second call
 * answers 401 and revokes the family.
 */
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../tools/api-client';
import { freshDatabase, report, startServer, type Engine } from './harness';

interface Tokens {
  access_token: string;
  refresh_token: string;
}

/** Which engine this scenario proves something on, and why: docs/testing.md ("The fault suite"). */
const engine: Engine = 'postgres';

describe(`two concurrent refreshes with one token (${engine})`, () => {
  it('both succeed with the same successor and the session stays usable', async () => {
    const database = await freshDatabase(engine);
    const server = await startServer(database);
    const api = new ApiClient(server.baseUrl);
    const owner = await api.registerOwner('refresh');

    const refresh = (token: string) => api.call<Tokens>('refresh', 'POST', '/refresh', { body: { refresh_token: token } });
    const outcomes = await Promise.allSettled([refresh(owner.refresh_token), refresh(owner.refresh_token)]);
    report(`refresh race (${engine})`, outcomes.map((outcome) => (outcome.status === 'fulfilled' ? '200' : String(outcome.reason).slice(0, 80))).join(' | '));

    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
    const [first, second] = outcomes.map((outcome) => (outcome as PromiseFulfilledResult<Tokens>).value) as [Tokens, Tokens];
    expect(second.refresh_token).toBe(first.refresh_token);
    for (const tokens of [first, second]) await api.call('me', 'GET', '/me', { token: tokens.access_token });
    const next = await refresh(first.refresh_token);
    await api.call('me', 'GET', '/me', { token: next.access_token });
  });
});
