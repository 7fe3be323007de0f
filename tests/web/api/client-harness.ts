/**
 * Loads a fresh copy of the client core for each test (module state such as the auth status,
 * refresh counter and spaces store starts clean) and offers session set-up through the real
 * public functions.
 */
import { vi } from 'vitest';
import type { Space } from '../../../src/contract/spaces';
import type { User } from '../../../src/contract/auth';
import { installFakeApi, json, type FakeApi } from './fake-api';

const loaded: Array<{ api: { uninstallCrossTabSync(): void } }> = [];

export async function loadClient() {
  vi.resetModules();
  const api = await import('../../../src/api');
  const session = await import('../../../src/session');
  const auth = await import('../../../src/features/auth/auth.store');
  const spaces = await import('../../../src/features/spaces/spaces.store');
  const client = { api, session, auth, spaces };
  loaded.push(client);
  return client;
}

/** Detaches earlier copies from window events so a discarded "tab" cannot touch shared storage. */
export function disposeClients(): void {
  for (const client of loaded.splice(0)) client.api.uninstallCrossTabSync();
}

export type Client = Awaited<ReturnType<typeof loadClient>>;

export const member: User = { id: 'u1', email: 'ana@acme.test', name: 'Ana', role: 'org_owner', org_id: 'o1' };
export const systemAdmin: User = { id: 'u9', email: 'root@mosaic.test', name: 'Root', role: 'system_admin', org_id: null };

export const spaceA: Space = { id: 'space-a', name: 'Alpha', slug: 'alpha', description: null, is_default: false };
export const spaceB: Space = { id: 'space-b', name: 'Beta', slug: 'beta', description: 'second', is_default: true };

/** GET /spaces/ answering these spaces as its only page (the contract's "object with data"). */
export const spacesPage = (spaces: readonly Space[], nextCursor: string | null = null) => ({ data: spaces, next_cursor: nextCursor });

/** Stores tokens as a previous visit would have, serves /me and /spaces/, and runs initAuth. */
export async function signedInClient(fake: FakeApi, options: { user?: User; spaces?: Space[] } = {}): Promise<Client> {
  localStorage.setItem('ma_access_token', 'access-1');
  localStorage.setItem('ma_refresh_token', 'refresh-1');
  fake.on('GET', '/me', json(200, options.user ?? member));
  fake.on('GET', '/spaces/', json(200, spacesPage(options.spaces ?? [spaceA, spaceB])));
  const client = await loadClient();
  await client.auth.initAuth();
  return client;
}

/** A fresh fake API with a client signed in on it: the start of each test in a file about a signed-in client. */
export async function freshSignedInClient(): Promise<{ fake: FakeApi; client: Client }> {
  const fake = installFakeApi();
  return { fake, client: await signedInClient(fake) };
}

/** After each test: the clients it loaded are disposed and the globals it stubbed (fetch, …) restored. */
export function disposeClientsAndGlobals(): void {
  disposeClients();
  vi.unstubAllGlobals();
}

/** Collects auth events for assertions. */
export function recordAuthEvents(client: Client) {
  const seen: Array<{ type: string; redirect?: string }> = [];
  client.session.onAuthEvent((event) => seen.push(event));
  return seen;
}
