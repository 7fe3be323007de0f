/**
 * The network edge for worker tests: a stand-in for the API server that answers per user (from
 * the bearer token's subject) and per space, the way the real one does, and can be taken offline
 * or made to stall.
 */
import { decodeJwt, SignJWT } from 'jose';
import { APP_ORIGIN } from './worker-env';

const signingKey = new TextEncoder().encode('worker-tests-signing-key-0123456789');

/** A real, signed access token for a user id (the worker decodes, never verifies). */
export async function accessTokenFor(userId: string): Promise<string> {
  return new SignJWT({ role: 'org_member' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime('15m')
    .sign(signingKey);
}

export interface ApiCall {
  path: string;
  token?: string;
  spaceId?: string;
}

export function apiRequest({ path, token, spaceId }: ApiCall, init: RequestInit = {}): Request {
  const headers = new Headers(init.headers);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (spaceId) headers.set('X-Space-Id', spaceId);
  headers.set('X-Request-ID', crypto.randomUUID());
  return new Request(`${APP_ORIGIN}/api/v1${path}`, { ...init, headers });
}

export class FakeApiServer {
  online = true;
  /** When set, requests hang until release() is called. */
  private stalled: Array<() => void> | null = null;
  private version = 1;
  readonly received: Request[] = [];

  /** Changes every answer, so a test can tell a fresh answer from a saved one. */
  bumpVersion(): void {
    this.version += 1;
  }

  stall(): void {
    this.stalled = [];
  }

  release(): void {
    const waiting = this.stalled ?? [];
    this.stalled = null;
    for (const resume of waiting) resume();
  }

  readonly fetch = async (input: RequestInfo | URL): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(String(input));
    this.received.push(request);
    if (this.stalled) await new Promise<void>((resume) => this.stalled?.push(resume));
    if (!this.online) throw new TypeError('Failed to fetch');
    const path = new URL(request.url).pathname;
    if (path.endsWith('/broken')) return Response.json({ detail: 'Internal server error' }, { status: 500 });
    const auth = request.headers.get('Authorization');
    const user = auth ? String(decodeJwt(auth.replace(/^Bearer /, '')).sub) : 'anonymous';
    const body = { path, user, space: request.headers.get('X-Space-Id'), version: this.version };
    return Response.json(body, {
      headers: {
        'Cache-Control': 'no-store',
        Vary: 'Authorization, X-Space-Id',
        Date: new Date().toUTCString(),
      },
    });
  };
}
