/**
 * The one small interface behind which Google Analytics 4 sits (docs/analytics.md). Two
 * implementations: Google's OAuth + Analytics Admin/Data REST APIs, and the embedded demo source.
 */
import type { Ga4ErrorCode, Ga4OrderBy } from '../../../src/contract/ga4';

export type AnalyticsProviderName = 'google' | 'demo';

/** Tokens as a provider hands them out (the service encrypts them before storing). */
export interface ProviderTokens {
  accessToken: string | null;
  /** Google sends a refresh token on consent; a refresh answer may omit it (keep the old one). */
  refreshToken: string | null;
  /** null: the token does not expire (demo). */
  expiresAt: Date | null;
  /** Space-separated scopes granted. */
  scopes: string;
}

export interface ProviderIdentity {
  email: string;
  /** Google's stable user id (`sub`). */
  userId: string;
}

export interface ConnectedAccount extends ProviderTokens {
  identity: ProviderIdentity;
}

/** A property the account can read; `accountName` is the Google Analytics account holding it. */
export interface ProviderProperty {
  propertyId: string;
  displayName: string;
  accountName: string;
}

/** A report query in our terms (spec 001 report request), already validated. */
export interface ReportQuery {
  propertyId: string;
  metrics: string[];
  dimensions: string[];
  startDate: string;
  endDate: string;
  orderBys: Ga4OrderBy[];
  limit: number;
  /** A second range whose totals are wanted too (GA4's second `dateRanges` entry). */
  compare?: { startDate: string; endDate: string };
}

export interface ReportResult {
  /** Rows keyed by dimension and metric names; `date` values are YYYY-MM-DD. */
  rows: Record<string, string | number>[];
  /** All rows matching, before `limit`. */
  rowCount: number;
  totals: Record<string, number>;
  /** The metrics' totals over `query.compare`, when it was asked for. */
  compareTotals?: Record<string, number>;
}

/** `unknown_token`: the source no longer knows the token (already revoked, or expired). */
export type RevocationOutcome = 'revoked' | 'unknown_token';

export interface AnalyticsProvider {
  readonly name: AnalyticsProviderName;
  /** Where the browser goes to grant access; Google redirects back to `redirectUri` with code and state. */
  authorizeUrl(input: { state: string; redirectUri: string }): string;
  exchangeCode(input: { code: string; redirectUri: string }): Promise<ConnectedAccount>;
  /** A fresh access token; throws ProviderError REFRESH_TOKEN_EXPIRED when the grant is gone. */
  refresh(refreshToken: string): Promise<ProviderTokens>;
  listProperties(accessToken: string | null): Promise<ProviderProperty[]>;
  runReport(accessToken: string | null, query: ReportQuery): Promise<ReportResult>;
  /** Ends the grant behind a refresh (or access) token; throws ProviderError when the source cannot. */
  revoke(token: string): Promise<RevocationOutcome>;
}

/**
 * What can go wrong talking to an analytics source, in the spec's codes (spec 001 §8) plus
 * `access_token_rejected` (the caller refreshes once and retries), `bad_request` (the source refused
 * the query) and `unavailable` (network, time-out, 5xx).
 */
export type ProviderErrorKind = Ga4ErrorCode | 'access_token_rejected' | 'bad_request' | 'unavailable';

export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
  ) {
    super(message);
  }
}
