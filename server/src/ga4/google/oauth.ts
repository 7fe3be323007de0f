/** Google OAuth 2.0 authorization-code flow with offline access (refresh tokens). */
import { decodeJwt } from 'jose';
import type { Ga4Config, GoogleOAuthClient } from '../env';
import { ProviderError, type ConnectedAccount, type ProviderIdentity, type ProviderTokens } from '../types';
import { fetchGoogle, tokenEndpointError } from './google-errors';

export const GA4_READONLY_SCOPE = 'https://www.googleapis.com/auth/analytics.readonly';
export const GOOGLE_SCOPES = [GA4_READONLY_SCOPE, 'openid', 'email'];

interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  scope?: string;
  id_token?: string;
}

export class GoogleOAuth {
  constructor(
    private readonly client: GoogleOAuthClient,
    private readonly endpoints: Ga4Config['endpoints'],
    private readonly timeoutMs: number,
  ) {}

  authorizeUrl({ state, redirectUri }: { state: string; redirectUri: string }): string {
    const url = new URL(this.endpoints.authorize);
    url.search = new URLSearchParams({
      client_id: this.client.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: GOOGLE_SCOPES.join(' '),
      // offline + consent: Google sends a refresh token every time, also on a reconnect.
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: 'true',
      state,
    }).toString();
    return url.toString();
  }

  async exchangeCode({ code, redirectUri }: { code: string; redirectUri: string }): Promise<ConnectedAccount> {
    const answer = await this.tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
    const tokens = tokensOf(answer, null);
    const identity = identityFromIdToken(answer.id_token) ?? (await this.userinfo(tokens.accessToken));
    return { ...tokens, identity };
  }

  async refresh(refreshToken: string): Promise<ProviderTokens> {
    const answer = await this.tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken });
    return tokensOf(answer, refreshToken);
  }

  private async tokenRequest(fields: Record<string, string>): Promise<TokenAnswer> {
    const response = await fetchGoogle(
      this.endpoints.token,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ ...fields, client_id: this.client.clientId, client_secret: this.client.clientSecret }),
      },
      this.timeoutMs,
    );
    const text = await response.text();
    if (!response.ok) throw tokenEndpointError(response.status, text);
    const answer = JSON.parse(text) as TokenAnswer;
    if (!answer.access_token) throw new ProviderError('GA4_AUTH_FAILED', "Google's token answer has no access token");
    return answer;
  }

  private async userinfo(accessToken: string | null): Promise<ProviderIdentity> {
    const response = await fetchGoogle(this.endpoints.userinfo, { headers: { authorization: `Bearer ${accessToken ?? ''}` } }, this.timeoutMs);
    if (!response.ok) throw new ProviderError('GA4_AUTH_FAILED', `Google's userinfo answered HTTP ${response.status}`);
    const body = (await response.json()) as { sub?: string; email?: string };
    if (!body.sub || !body.email) throw new ProviderError('GA4_AUTH_FAILED', 'Google did not tell which account was connected (email scope missing?)');
    return { userId: body.sub, email: body.email };
  }
}

function tokensOf(answer: TokenAnswer, previousRefreshToken: string | null): ProviderTokens {
  return {
    accessToken: answer.access_token ?? null,
    refreshToken: answer.refresh_token ?? previousRefreshToken,
    expiresAt: answer.expires_in ? new Date(Date.now() + answer.expires_in * 1000) : null,
    scopes: answer.scope ?? '',
  };
}

/**
 * The id_token comes straight from Google's token endpoint over TLS, so (OpenID Connect Core
 * §3.1.3.7) its signature need not be checked again; only its claims are read.
 */
function identityFromIdToken(idToken: string | undefined): ProviderIdentity | undefined {
  if (!idToken) return undefined;
  try {
    const claims = decodeJwt(idToken);
    const email = typeof claims.email === 'string' ? claims.email : undefined;
    return claims.sub && email ? { userId: claims.sub, email } : undefined;
  } catch {
    return undefined;
  }
}
