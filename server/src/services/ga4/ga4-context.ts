import type { Db } from '../../db/database';
import type { AnalyticsProviders } from '../../ga4/index';
import type { TokenCipher } from './token-cipher';

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
