/**
 * Saving single sign-on settings fetches the issuer's discovery document from an address the
 * organisation owner types. Whatever goes wrong — nothing listening, a server that answers 404,
 * one that answers something that is not OpenID — the answer is the same sentence, and it comes
 * no sooner than DISCOVERY_FAILURE_FLOOR_MS after the attempt began, so neither its words nor its
 * timing tell which hosts and ports the server can reach.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSO_TEXTS } from '../../src/contract/sso';
import { DISCOVERY_FAILED_REASON, DISCOVERY_FAILURE_FLOOR_MS } from '../../server/src/services/sso/oidc-client';
import { createTestApp, registerOwner, type RegisteredOwner, type TestApp } from '../helpers/server';
import { call } from './org-helpers';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('SSO issuer discovery failures', () => {
  let t: TestApp;
  let owner: RegisteredOwner;
  const servers: Server[] = [];
  let issuers: Record<'closed' | 'notFound' | 'notOpenId', string>;

  beforeAll(async () => {
    t = await createTestApp({ env: { SSO_ALLOW_HTTP_ISSUERS: 'true' } });
    owner = await registerOwner(t.app);
    const notFound = createServer((_request, response) => response.writeHead(404).end('nothing here'));
    const notOpenId = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Intranet</h1>'));
    servers.push(notFound, notOpenId);
    // A port that was just freed: nothing listens there, the connection is refused at once.
    const gone = createServer();
    const closed = await listen(gone);
    await new Promise((resolve) => gone.close(resolve));
    issuers = { closed, notFound: await listen(notFound), notOpenId: await listen(notOpenId) };
  });
  afterAll(async () => {
    await t.close();
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });

  it('answers the same sentence, no sooner than the floor, whether a host is closed, answers 404 or is not a provider', async () => {
    for (const [kind, issuer] of Object.entries(issuers)) {
      const started = Date.now();
      const response = await call(t, 'PUT', '/settings/sso', owner.access_token, {
        provider_name: 'Probe',
        issuer,
        client_id: 'client',
        client_secret: 'secret',
        email_domain: owner.email.split('@')[1],
        enabled: true,
      });
      const took = Date.now() - started;
      expect(response.statusCode, kind).toBe(422);
      expect(response.json().errors, kind).toEqual([{ field: 'issuer', message: SSO_TEXTS.discoveryFailed(issuer, DISCOVERY_FAILED_REASON) }]);
      expect(took, kind).toBeGreaterThanOrEqual(DISCOVERY_FAILURE_FLOOR_MS);
    }
  });
});
