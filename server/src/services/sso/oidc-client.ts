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

/**
 * Why discovery failed, as told to whoever asked: one sentence whatever happened. Saying "could not
 * be reached (ECONNREFUSED)" for one address and "it answered 404" for another would let an
 * organisation owner map which hosts and ports the server can reach (the issuer is theirs to type).
 */
export const DISCOVERY_FAILED_REASON = 'it did not answer as an OpenID provider';
/**
 * A failed discovery is answered no sooner than this after it began, so a refused connection
 * (~1 ms) and a server that answered something else (~25–60 ms) take the same time. A provider
 * that does not answer at all still takes SSO_HTTP_TIMEOUT_SECONDS, as it must.
 */
export const DISCOVERY_FAILURE_FLOOR_MS = 1_000;

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
    const started = Date.now();
    try {
      config = await oidc.discovery(issuer, provider.clientId, provider.clientSecret, oidc.ClientSecretBasic(provider.clientSecret), options);
    } catch (error) {
      const early = DISCOVERY_FAILURE_FLOOR_MS - (Date.now() - started);
      if (early > 0) await new Promise((resolve) => setTimeout(resolve, early));
      // The real cause stays on the error (`cause`) for whoever logs it; the reason is the same for all.
      throw new ProviderUnreachableError(DISCOVERY_FAILED_REASON, { cause: error });
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
