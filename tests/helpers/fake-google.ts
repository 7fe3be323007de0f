/**
 * A local stand-in for Google at the network edge: the OAuth 2.0 token and revocation endpoints, OpenID userinfo,
 * the Analytics Admin API's accountSummaries (paginated) and the Data API's runReport, speaking
 * Google's real wire formats (form-encoded token requests, `{error: {code, status, details}}`
 * errors, YYYYMMDD dates, string metric values, TOTAL aggregation rows).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';
import { closeHttpServer } from './close-http-server';

export interface FakeGoogleUser {
  sub: string;
  email: string;
  /** Scopes the user grants at consent (default: analytics.readonly openid email). */
  scopes?: string;
}

export interface FakeGaAccount {
  name: string;
  properties: { id: string; displayName: string }[];
}

export interface TokenRequest {
  grant_type?: string;
  code?: string;
  refresh_token?: string;
  redirect_uri?: string;
  client_id?: string;
  client_secret?: string;
}

export interface FakeGoogleBehaviour {
  /** runReport answers with this Google error instead. */
  reportFailure?: 'insufficient_scope' | 'permission_denied' | 'quota';
  /** The revocation endpoint answers 503 instead of revoking. */
  revokeFailure?: 'unavailable';
  /**
   * Refresh-token rotation, as Google applies it to some clients: a refresh answers with a new
   * refresh token and the one just used stops working (a second refresh with it gets invalid_grant).
   */
  rotateRefreshTokens?: boolean;
  /** Refresh requests are held unanswered until the behaviour changes to one without it. */
  holdRefreshes?: boolean;
}

export const FAKE_CLIENT_ID = 'fake-client-id.apps.googleusercontent.com';
export const FAKE_CLIENT_SECRET = 'fake-client-secret';
export const GOOGLE_SCOPE = 'https://www.googleapis.com/auth/analytics.readonly openid email';

interface Grant {
  user: FakeGoogleUser;
  scopes: string;
}

export interface FakeGoogle {
  baseUrl: string;
  /** Environment pointing the server at this fake, with a configured OAuth client. */
  env: Record<string, string>;
  /** What Google would put in the redirect after the user consents. */
  issueCode(user: FakeGoogleUser): string;
  /** Analytics accounts and properties every connected user can read. */
  accounts: FakeGaAccount[];
  /** accountSummaries page size (small, so pagination is exercised). */
  pageSize: number;
  tokenRequests: TokenRequest[];
  adminRequests: { url: string; authorization: string | undefined }[];
  reportRequests: { propertyId: string; body: Record<string, unknown>; authorization: string | undefined }[];
  /** Refresh requests being held by `holdRefreshes` right now. */
  heldRefreshCount(): number;
  /** Every access token issued so far, in order. */
  issuedAccessTokens: string[];
  issuedRefreshTokens: string[];
  /** The `token` field of every revocation request, in order. */
  revokedTokens: string[];
  /** Whether Google still honours this refresh or access token (false once its grant is revoked). */
  isLive(token: string): boolean;
  /** Google stops accepting the access tokens issued so far (as after a revocation). */
  rejectAccessTokens(): void;
  /** Google answers invalid_grant for the refresh tokens issued so far. */
  revokeRefreshTokens(): void;
  behave(next: FakeGoogleBehaviour): void;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

const googleError = (code: number, status: string, message: string, reason?: string) => ({
  error: { code, message, status, ...(reason ? { details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason }] } : {}) },
});

/** Deterministic metric values for a row so tests can check the mapping. */
function metricFor(metric: string, rowIndex: number): string {
  if (metric === 'bounceRate') return (0.4 + rowIndex / 100).toFixed(4);
  return String(100 * (rowIndex + 1) + metric.length);
}

/** A range's totals: 999 (0.41 for bounceRate) for the first range, 800 (0.5) for a second. */
function totalFor(metric: string, rangeIndex: number): string {
  if (metric === 'bounceRate') return rangeIndex === 0 ? '0.41' : '0.5';
  return rangeIndex === 0 ? '999' : '800';
}

/**
 * As GA4 answers: with more than one date range, a `dateRange` dimension is added last, each row
 * and each totals row carrying its range's name (or date_range_<index>).
 */
function reportAnswer(body: Record<string, unknown>) {
  const metrics = (body.metrics as { name: string }[]).map((metric) => metric.name);
  const dimensions = ((body.dimensions as { name: string }[] | undefined) ?? []).map((dimension) => dimension.name);
  const ranges = (body.dateRanges as { name?: string }[] | undefined) ?? [{}];
  const rangeNames = ranges.length > 1 ? ranges.map((range, index) => range.name ?? `date_range_${index}`) : [];
  const limit = Number(body.limit ?? 10_000);
  const rangeValues = (rangeIndex: number) => (rangeNames.length > 0 ? [{ value: rangeNames[rangeIndex]! }] : []);
  const allRows = ranges.flatMap((_range, rangeIndex) =>
    [0, 1, 2].map((index) => ({
      dimensionValues: [...dimensions.map((dimension) => ({ value: dimension === 'date' ? `2025010${index + 1}` : `Value ${index}` })), ...rangeValues(rangeIndex)],
      metricValues: metrics.map((metric) => ({ value: rangeIndex === 0 ? metricFor(metric, index) : '1' })),
    })),
  );
  return {
    dimensionHeaders: [...dimensions, ...(rangeNames.length > 0 ? ['dateRange'] : [])].map((name) => ({ name })),
    metricHeaders: metrics.map((name) => ({ name, type: 'TYPE_INTEGER' })),
    rows: allRows.slice(0, limit),
    totals: ranges.map((_range, rangeIndex) => ({
      dimensionValues: [...dimensions.map(() => ({ value: 'RESERVED_TOTAL' })), ...rangeValues(rangeIndex)],
      metricValues: metrics.map((metric) => ({ value: totalFor(metric, rangeIndex) })),
    })),
    rowCount: allRows.length,
    kind: 'analyticsData#runReport',
  };
}

export async function startFakeGoogle(): Promise<FakeGoogle> {
  const idTokenKey = randomBytes(32);
  const codes = new Map<string, Grant>();
  const accessTokens = new Map<string, Grant>();
  const refreshTokens = new Map<string, Grant>();
  let behaviour: FakeGoogleBehaviour = {};
  const heldRefreshes: (() => void)[] = [];

  const issueTokens = async (grant: Grant, withRefresh: boolean) => {
    const accessToken = `ya29.${randomUUID()}`;
    accessTokens.set(accessToken, grant);
    fake.issuedAccessTokens.push(accessToken);
    const answer: Record<string, unknown> = { access_token: accessToken, expires_in: 3599, token_type: 'Bearer', scope: grant.scopes };
    if (withRefresh) {
      const refreshToken = `1//${randomUUID()}`;
      refreshTokens.set(refreshToken, grant);
      fake.issuedRefreshTokens.push(refreshToken);
      answer.refresh_token = refreshToken;
      answer.id_token = await new SignJWT({ email: grant.user.email, email_verified: true })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(grant.user.sub)
        .setIssuer('https://accounts.google.com')
        .setAudience(FAKE_CLIENT_ID)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(idTokenKey);
    }
    return answer;
  };

  const bearer = (req: IncomingMessage) => /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'POST' && url.pathname === '/token') {
      const form = Object.fromEntries(new URLSearchParams(await readBody(req))) as TokenRequest;
      fake.tokenRequests.push(form);
      if (form.client_id !== FAKE_CLIENT_ID || form.client_secret !== FAKE_CLIENT_SECRET) return send(res, 401, { error: 'invalid_client' });
      if (form.grant_type === 'authorization_code') {
        const grant = codes.get(form.code ?? '');
        codes.delete(form.code ?? '');
        if (!grant) return send(res, 400, { error: 'invalid_grant', error_description: 'Malformed auth code.' });
        return send(res, 200, await issueTokens(grant, true));
      }
      if (form.grant_type === 'refresh_token') {
        if (behaviour.holdRefreshes) await new Promise<void>((resume) => heldRefreshes.push(resume));
        const grant = refreshTokens.get(form.refresh_token ?? '');
        if (!grant) return send(res, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
        if (!behaviour.rotateRefreshTokens) return send(res, 200, await issueTokens(grant, false));
        refreshTokens.delete(form.refresh_token ?? '');
        const { id_token: _idToken, ...rotated } = await issueTokens(grant, true);
        return send(res, 200, rotated);
      }
      return send(res, 400, { error: 'unsupported_grant_type' });
    }
    if (req.method === 'POST' && url.pathname === '/revoke') {
      const token = new URLSearchParams(await readBody(req)).get('token') ?? '';
      fake.revokedTokens.push(token);
      if (behaviour.revokeFailure === 'unavailable') return send(res, 503, { error: 'backend_error' });
      // As at Google: revoking either token of a grant ends the whole grant.
      const revoked = refreshTokens.get(token) ?? accessTokens.get(token);
      if (!revoked) return send(res, 400, { error: 'invalid_token', error_description: 'Token expired or revoked' });
      for (const tokens of [refreshTokens, accessTokens]) {
        for (const [key, grant] of tokens) if (grant === revoked) tokens.delete(key);
      }
      return send(res, 200, {});
    }
    const grant = accessTokens.get(bearer(req) ?? '');
    if (req.method === 'GET' && url.pathname === '/v1/userinfo') {
      if (!grant) return send(res, 401, { error: 'invalid_token' });
      return send(res, 200, { sub: grant.user.sub, email: grant.user.email, email_verified: true });
    }
    if (req.method === 'GET' && url.pathname === '/admin/v1beta/accountSummaries') {
      fake.adminRequests.push({ url: req.url ?? '', authorization: req.headers.authorization });
      if (!grant) return send(res, 401, googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.'));
      const start = Number(url.searchParams.get('pageToken') ?? 0);
      const size = Math.min(fake.pageSize, Number(url.searchParams.get('pageSize') ?? 50));
      const page = fake.accounts.slice(start, start + size);
      return send(res, 200, {
        accountSummaries: page.map((account, index) => ({
          name: `accountSummaries/${start + index + 1}`,
          account: `accounts/${start + index + 1}`,
          displayName: account.name,
          propertySummaries: account.properties.map((property) => ({
            property: `properties/${property.id}`,
            displayName: property.displayName,
            propertyType: 'PROPERTY_TYPE_ORDINARY',
            parent: `accounts/${start + index + 1}`,
          })),
        })),
        ...(start + size < fake.accounts.length ? { nextPageToken: String(start + size) } : {}),
      });
    }
    const report = /^\/data\/v1beta\/properties\/(\d+):runReport$/.exec(url.pathname);
    if (req.method === 'POST' && report) {
      const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
      fake.reportRequests.push({ propertyId: report[1]!, body, authorization: req.headers.authorization });
      if (!grant) return send(res, 401, googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.'));
      if (behaviour.reportFailure === 'insufficient_scope') {
        return send(res, 403, googleError(403, 'PERMISSION_DENIED', 'Request had insufficient authentication scopes.', 'ACCESS_TOKEN_SCOPE_INSUFFICIENT'));
      }
      if (behaviour.reportFailure === 'permission_denied') {
        return send(res, 403, googleError(403, 'PERMISSION_DENIED', 'User does not have sufficient permissions for this property.'));
      }
      if (behaviour.reportFailure === 'quota') {
        return send(res, 429, googleError(429, 'RESOURCE_EXHAUSTED', 'Exhausted property tokens per day quota.'));
      }
      return send(res, 200, reportAnswer(body));
    }
    send(res, 404, googleError(404, 'NOT_FOUND', `No route ${req.method} ${url.pathname}`));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => res.destroy(error instanceof Error ? error : new Error(String(error))));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeGoogle = {
    baseUrl,
    env: {
      GOOGLE_OAUTH_CLIENT_ID: FAKE_CLIENT_ID,
      GOOGLE_OAUTH_CLIENT_SECRET: FAKE_CLIENT_SECRET,
      GOOGLE_OAUTH_AUTHORIZE_URL: `${baseUrl}/o/oauth2/v2/auth`,
      GOOGLE_OAUTH_TOKEN_URL: `${baseUrl}/token`,
      GOOGLE_USERINFO_URL: `${baseUrl}/v1/userinfo`,
      GOOGLE_OAUTH_REVOKE_URL: `${baseUrl}/revoke`,
      GA4_ADMIN_API_URL: `${baseUrl}/admin/v1beta`,
      GA4_DATA_API_URL: `${baseUrl}/data/v1beta`,
    },
    issueCode(user) {
      const code = `4/${randomUUID()}`;
      codes.set(code, { user, scopes: user.scopes ?? GOOGLE_SCOPE });
      return code;
    },
    accounts: [],
    pageSize: 1,
    tokenRequests: [],
    adminRequests: [],
    reportRequests: [],
    issuedAccessTokens: [],
    issuedRefreshTokens: [],
    revokedTokens: [],
    heldRefreshCount: () => heldRefreshes.length,
    isLive: (token) => refreshTokens.has(token) || accessTokens.has(token),
    rejectAccessTokens: () => accessTokens.clear(),
    revokeRefreshTokens: () => refreshTokens.clear(),
    behave(next) {
      behaviour = next;
      if (!next.holdRefreshes) for (const resume of heldRefreshes.splice(0)) resume();
    },
    close: () => {
      for (const resume of heldRefreshes.splice(0)) resume();
      return closeHttpServer(server);
    },
  };
  return fake;
}
