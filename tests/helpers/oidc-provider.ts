/**
 * A real OpenID Connect provider for the tests: the `oidc-provider` package (certified), on a
 * loopback port, with its own login and consent pages (devInteractions: any password is taken,
 * the login names the account). Accounts and their claims are set by each test. PKCE is required
 * for every client, as a careful provider would.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import { closeHttpServer } from './close-http-server';

export interface TestAccount {
  email: string;
  email_verified: boolean;
  name?: string;
}

export interface TestIdentityProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** login (the account id typed on the provider's login page) → claims. */
  accounts: Map<string, TestAccount>;
  /**
   * Follows an authorisation URL through the provider's own login and consent pages over HTTP,
   * as a browser without script would, and answers the URL the provider sends the browser back
   * to (the client's redirect URI with code and state, or error).
   */
  signInThroughPages(authorisationUrl: string, login: string): Promise<URL>;
  close(): Promise<void>;
}

export interface StartOptions {
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
}

export async function startOidcProvider(options: StartOptions): Promise<TestIdentityProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = options.clientId ?? 'mosaic-test';
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('base64url');
  const accounts = new Map<string, TestAccount>();
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    pkce: { required: () => true },
    // Lifetimes set, so the provider does not print a notice for each default it falls back to.
    ttl: { Interaction: 3600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    features: { devInteractions: { enabled: true } },
    findAccount: (_ctx, id) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: () => ({ sub: id, ...account }) };
    },
  });
  server.on('request', provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    signInThroughPages: (url, login) => followPages(issuer, url, login),
    close: () => closeHttpServer(server),
  };
}

/** The provider's cookies (one host, so one jar), sent on every request to it. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
    }
  }
}

async function followPages(issuer: string, start: string, login: string): Promise<URL> {
  const jar = new CookieJar();
  let next: { url: string; method: 'GET' | 'POST'; body?: URLSearchParams } = { url: start, method: 'GET' };
  for (let step = 0; step < 12; step += 1) {
    const response = await fetch(next.url, {
      method: next.method,
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(next.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(next.body ? { body: next.body.toString() } : {}),
    });
    jar.take(response);
    const location = response.headers.get('location');
    if (location) {
      const target = new URL(location, next.url);
      if (target.origin !== issuer) return target; // back to the client
      next = { url: target.href, method: 'GET' };
      continue;
    }
    const html = await response.text();
    if (response.status !== 200) throw new Error(`provider answered ${response.status}: ${html.slice(0, 300)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`no form on the provider's page: ${html.slice(0, 300)}`);
    const body = new URLSearchParams({ prompt });
    if (prompt === 'login') {
      body.set('login', login);
      body.set('password', 'any password');
    }
    next = { url: new URL(action.replace(/&amp;/g, '&'), next.url).href, method: 'POST', body };
  }
  throw new Error('the provider did not send the browser back');
}
