/** The real Google Analytics 4 source: Google OAuth, the Admin API and the Data API over plain fetch. */
import type { Ga4Config, GoogleOAuthClient } from '../env';
import { ProviderError, type AnalyticsProvider, type ReportQuery } from '../types';
import { listAccountSummaries } from './admin-api';
import { runGoogleReport } from './data-api';
import { GoogleOAuth } from './oauth';
import { revokeGoogleToken } from './revoke';

function requireToken(accessToken: string | null): string {
  if (!accessToken) throw new ProviderError('access_token_rejected', 'No Google access token stored');
  return accessToken;
}

export function createGoogleProvider(client: GoogleOAuthClient, config: Ga4Config): AnalyticsProvider {
  const oauth = new GoogleOAuth(client, config.endpoints, config.timeoutMs);
  return {
    name: 'google',
    authorizeUrl: (input) => oauth.authorizeUrl(input),
    exchangeCode: (input) => oauth.exchangeCode(input),
    refresh: (refreshToken) => oauth.refresh(refreshToken),
    listProperties: (accessToken) => listAccountSummaries(config.endpoints.adminApi, requireToken(accessToken), config.timeoutMs),
    runReport: (accessToken, query: ReportQuery) =>
      runGoogleReport(config.endpoints.dataApi, requireToken(accessToken), query, config.timeoutMs),
    revoke: (token) => revokeGoogleToken(config.endpoints.revoke, token, config.timeoutMs),
  };
}
