/**
 * The OpenID Connect relying party, through `openid-client` (the maintained, certified client):
 * discovery, the authorisation URL with PKCE (S256), state and nonce, and the code exchange that
 * checks the ID token's signature, issuer, audience, expiry and nonce. Discovered configurations
 * are kept a few minutes per provider setting, so a sign-in's start and callback ask once.
 */
import * as oidc from 'openid-client';
import type { SsoConfig } from '../../sso/env';

export interface ProviderCredentials {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** The provider could not be reached or did not answer as an OpenID provider; `reason` is for people. */
export class ProviderUnreachableError extends Error {
  override name = 'ProviderUnreachableError';
}

/** Who signed in, as the provider vouches for it (ID token, completed by userinfo when needed). */
export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
}

/** Five minutes: a provider's keys and endpoints change rarely; a changed setting is a new key. */
const CACHE_MS = 5 * 60_000;
const SCOPE = 'openid email profile';

export interface AuthorisationRequest {
  url: string;
  codeVerifier: string;
  state: string;
  nonce: string;
}

export class OidcClients {
  private readonly cache = new Map<string, { config: Promise<oidc.Configuration>; at: number }>();

  constructor(private readonly settings: SsoConfig) {}

  /** Discovery (cached); throws ProviderUnreachableError with a readable reason. */
  configFor(provider: ProviderCredentials): Promise<oidc.Configuration> {
    const key = JSON.stringify([provider.issuer, provider.clientId, provider.clientSecret]);
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.config;
    const config = this.discover(provider);
    this.cache.set(key, { config, at: Date.now() });
    // A failed discovery is not remembered: the next attempt asks again.
    config.catch(() => this.cache.delete(key));
    return config;
  }

  async authorisationRequest(provider: ProviderCredentials, redirectUri: string, loginHint: string | undefined): Promise<AuthorisationRequest> {
    const config = await this.configFor(provider);
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: SCOPE,
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      ...(loginHint ? { login_hint: loginHint } : {}),
    });
    return { url: url.href, codeVerifier, state, nonce };
  }

  /**
   * Exchanges the code (with the PKCE verifier) and verifies the ID token. openid-client checks
   * the state in `callbackUrl` against `expectedState` and the ID token's nonce. Claims missing
   * from the ID token (many providers put email in userinfo only) are read from userinfo.
   */
  async exchangeCode(
    provider: ProviderCredentials,
    callbackUrl: URL,
    checks: { codeVerifier: string; state: string; nonce: string },
  ): Promise<VerifiedIdentity> {
    const config = await this.configFor(provider);
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('the provider sent no ID token');
    let email = typeof claims.email === 'string' ? claims.email : undefined;
    let emailVerified = claims.email_verified === true;
    let name = nameOf(claims);
    if (email === undefined && config.serverMetadata().userinfo_endpoint) {
      const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
      email = typeof info.email === 'string' ? info.email : undefined;
      emailVerified = info.email_verified === true;
      name ??= nameOf(info);
    }
    return { issuer: claims.iss, subject: claims.sub, email, emailVerified, name };
  }

  private async discover(provider: ProviderCredentials): Promise<oidc.Configuration> {
    let issuer: URL;
    try {
      issuer = new URL(provider.issuer);
    } catch {
      throw new ProviderUnreachableError('the issuer is not a URL');
    }
    const insecure = issuer.protocol === 'http:';
    if (insecure && !this.settings.allowHttpIssuers) throw new ProviderUnreachableError('the issuer must use https://');
    const options: oidc.DiscoveryRequestOptions = {
      timeout: this.settings.httpTimeoutSeconds,
      ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
    };
    let config: oidc.Configuration;
    try {
      config = await oidc.discovery(issuer, provider.clientId, provider.clientSecret, oidc.ClientSecretBasic(provider.clientSecret), options);
    } catch (error) {
      throw new ProviderUnreachableError(discoveryReason(error), { cause: error });
    }
    // client_secret_basic is OpenID Connect's default; a provider that only takes the secret in the body gets that.
    const methods = config.serverMetadata().token_endpoint_auth_methods_supported;
    if (methods && !methods.includes('client_secret_basic') && methods.includes('client_secret_post')) {
      config = new oidc.Configuration(config.serverMetadata(), provider.clientId, provider.clientSecret, oidc.ClientSecretPost(provider.clientSecret));
      config.timeout = this.settings.httpTimeoutSeconds;
      if (insecure) oidc.allowInsecureRequests(config);
    }
    return config;
  }
}

function nameOf(claims: Record<string, unknown>): string | undefined {
  if (typeof claims.name === 'string' && claims.name.trim()) return claims.name.trim();
  const parts = [claims.given_name, claims.family_name].filter((part): part is string => typeof part === 'string' && part.trim() !== '');
  return parts.length > 0 ? parts.join(' ').trim() : undefined;
}

/** A short reason people can act on; never the answer's body (it could be anything). */
function discoveryReason(error: unknown): string {
  if (error instanceof oidc.ResponseBodyError) return `it answered ${error.status}`;
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'it did not answer in time';
    const cause = (error as { cause?: unknown }).cause;
    const code = (cause as { code?: unknown } | undefined)?.code;
    if (typeof code === 'string' && /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ECONNRESET|CERT|SSL/.test(code)) return `it could not be reached (${code})`;
    if (/unexpected HTTP response status code/i.test(error.message)) return error.message.replace(/^.*?status code/i, 'it answered');
    if (/issuer/i.test(error.message)) return 'the issuer in its configuration does not match this URL';
    if (/fetch failed/i.test(error.message)) return 'it could not be reached';
    return error.message;
  }
  return 'unknown error';
}
