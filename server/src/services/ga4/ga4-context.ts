import type { Database, Db } from '../../db/database';
import { createAnalyticsProviders, type AnalyticsProviders } from '../../ga4/index';
import type { Ga4Config } from '../../ga4/env';
import { resolveGa4Keys, type Ga4Keys } from './ga4-keys';
import { TokenCipher } from './token-cipher';

/** What the GA4 services share: the database, the analytics sources and the token cipher. */
export interface Ga4Context {
  db: Db;
  providers: AnalyticsProviders;
  cipher: TokenCipher;
  /** Serialises token refreshes of one account across every app on the database (token-refresh.ts). */
  withLock: Database['withLock'];
  /** Token refreshes running in this app, by account id, so concurrent callers share one. */
  refreshesInFlight: Map<string, Promise<string | null>>;
}

/** The caller, from the access token: accounts belong to a user within an organisation. */
export interface Ga4Caller {
  userId: string;
  orgId: string;
}

/** The GA4 context and keys of one app; built once at start and shared by the routes and the agent runs. */
export interface Ga4Services {
  ctx: Ga4Context;
  keys: Ga4Keys;
}

/**
 * Built once per app by the composition root: everything that reads GA4 accounts (the routes, the
 * agent runs) gets this one, so all of them decrypt with the key the accounts were stored with.
 */
export async function createGa4Services(database: Database, config: { jwtSecret: string | undefined; ga4: Ga4Config }): Promise<Ga4Services> {
  const { db } = database;
  const keys = await resolveGa4Keys(db, config);
  const ctx: Ga4Context = {
    db,
    providers: createAnalyticsProviders(config.ga4),
    cipher: new TokenCipher(keys.tokenKey),
    withLock: (key, work) => database.withLock(key, work),
    refreshesInFlight: new Map(),
  };
  return { ctx, keys };
}
