/** The analytics sources this server can talk to, chosen by configuration (docs/analytics.md). */
import { createDemoProvider } from './demo/provider';
import type { Ga4Config } from './env';
import { createGoogleProvider } from './google/provider';
import type { AnalyticsProvider, AnalyticsProviderName } from './types';

export interface AnalyticsProviders {
  /** The source new connections use: Google when an OAuth client is configured, else the demo. */
  forNewConnections: AnalyticsProvider;
  /** The source of a stored account (a demo account keeps working after Google is configured). */
  of(name: AnalyticsProviderName): AnalyticsProvider | undefined;
}

export function createAnalyticsProviders(config: Ga4Config): AnalyticsProviders {
  const demo = createDemoProvider();
  const google = config.googleClient ? createGoogleProvider(config.googleClient, config) : undefined;
  return {
    forNewConnections: google ?? demo,
    of: (name) => (name === 'demo' ? demo : google),
  };
}

export * from './types';
