/**
 * The embedded demo source, used when no Google OAuth client is configured so a fresh install has
 * a working dashboard. No Google involved: "authorising" sends the browser straight back to our
 * own callback, and reports come from the synthetic data set (docs/analytics.md).
 */
import { GA4_READONLY_SCOPE } from '../google/oauth';
import { ProviderError, type AnalyticsProvider } from '../types';
import { demoReport } from './demo-report';
import { DEMO_PROPERTIES } from './synthetic-data';

export const DEMO_EMAIL = 'demo-analytics@mosaic.local';
export const DEMO_GOOGLE_USER_ID = 'demo';
export const DEMO_ACCOUNT_NAME = 'Mosaic demo data (synthetic)';
const DEMO_CODE = 'demo';

export function createDemoProvider(): AnalyticsProvider {
  const noTokens = { accessToken: null, refreshToken: null, expiresAt: null, scopes: `${GA4_READONLY_SCOPE} openid email` };
  return {
    name: 'demo',
    authorizeUrl({ state, redirectUri }) {
      const url = new URL(redirectUri);
      url.searchParams.set('code', DEMO_CODE);
      url.searchParams.set('state', state);
      return url.toString();
    },
    async exchangeCode({ code }) {
      if (code !== DEMO_CODE) throw new ProviderError('GA4_AUTH_FAILED', 'Unknown demo authorisation code');
      return { ...noTokens, identity: { email: DEMO_EMAIL, userId: DEMO_GOOGLE_USER_ID } };
    },
    async refresh() {
      return noTokens;
    },
    async listProperties() {
      return DEMO_PROPERTIES.map((profile) => ({
        propertyId: profile.propertyId,
        displayName: profile.displayName,
        accountName: DEMO_ACCOUNT_NAME,
      }));
    },
    async runReport(_accessToken, query) {
      const profile = DEMO_PROPERTIES.find((candidate) => candidate.propertyId === query.propertyId);
      if (!profile) throw new ProviderError('GA4_PERMISSION_DENIED', `The demo data has no property ${query.propertyId}`);
      return demoReport(profile, query);
    },
    // The demo holds no grant anywhere (and removal skips it); nothing to end.
    async revoke() {
      return 'revoked';
    },
  };
}
