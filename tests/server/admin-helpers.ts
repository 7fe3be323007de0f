/**
 * Platform admins for the admin-area tests: created the way `npm run admin:create` does
 * (services/admins.service.ts), then signed in through POST /login like anyone else.
 */
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { upsertPlatformAdmin } from '../../server/src/services/admins.service';
import { API, TEST_PASSWORD, authHeaders, login, type SignedIn, type TestApp } from '../helpers/server';

export type PlatformRole = 'system_admin' | 'support_admin';

export async function signInPlatformAdmin(t: TestApp, role: PlatformRole, name = role === 'system_admin' ? 'Sam Sysadmin' : 'Sue Support'): Promise<SignedIn> {
  const email = `${role.replace('_', '.')}-${randomUUID().slice(0, 8)}@mosaic.example.com`;
  await upsertPlatformAdmin(t.database.db, { email, name, role, password: TEST_PASSWORD });
  return login(t.app, email);
}

type Method = 'GET' | 'POST';

/** One call to the API with a bearer token (none for an anonymous call). */
export function adminCall(t: TestApp, method: Method, path: string, token: string | null, payload?: object, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url: `${API}${path}`,
    headers: { ...(token ? authHeaders(token) : {}), ...headers },
    ...(payload ? { payload } : {}),
  });
}
