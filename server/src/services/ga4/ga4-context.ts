import type { Db } from '../../db/database';
import { createAnalyticsProviders, type AnalyticsProviders } from '../../ga4/index';
import type { Ga4Config } from '../../ga4/env';
import { resolveGa4Keys, type Ga4Keys } from './ga4-keys';
import { TokenCipher } from './token-cipher';

/** What the GA4 services share: the database, the analytics sources and the token cipher. */
export interface Ga4Context {
  db: Db;
  providers: AnalyticsProviders;
  cipher: TokenCipher;
}

/** The caller, from the access token: accounts belong to a user within an organisation. */
export interface Ga4Caller {
  userId: string;
  orgId: string;
}

/**
 * The context and keys for a configuration. Everything that reads GA4 accounts (the routes, the
 * agent runs) builds it here, so all of them decrypt with the key the accounts were stored with.
 */
export async function createGa4Context(db: Db, config: { jwtSecret: string | undefined; ga4: Ga4Config }): Promise<{ ctx: Ga4Context; keys: Ga4Keys }> {
  const keys = await resolveGa4Keys(db, config);
  return { ctx: { db, providers: createAnalyticsProviders(config.ga4), cipher: new TokenCipher(keys.tokenKey) }, keys };
}
