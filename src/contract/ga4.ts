/**
 * Wire types of the Google Analytics 4 integration (spec 001 §3 and the /integrations/ga4 calls).
 * Shared by the server, the client and the tests. The answers the server validates are schemas in
 * ga4-schemas.ts, each checked at compile time to fit its interface here: the Dashboard loads this
 * file, and does not need the schema library to draw.
 */

/** GA4 account: a Google account the user connected. */
export interface Ga4Account {
  id: string;
  email: string;
  google_user_id: string;
  /** Space-separated OAuth scopes. */
  scopes: string;
  created_at: string;
  /** True for the embedded demo source (no Google OAuth client configured on the server). */
  is_demo: boolean;
  /** Last token or permission error code of this account, null when healthy. */
  auth_error: Ga4ErrorCode | null;
  /**
   * Every property linked through this account, in any space of the organisation (GET /accounts
   * says; other answers leave it out): removing the account unlinks them all, so the removal
   * dialog lists them first.
   */
  linked_in?: readonly Ga4AccountLink[];
}

/** A property linked through an account, and the space it is linked in. */
export interface Ga4AccountLink {
  space_id: string;
  space_name: string;
  property_name: string;
}

/** GET /integrations/ga4/accounts */
export interface Ga4AccountsResponse {
  accounts: Ga4Account[];
}

/** GET /integrations/ga4/oauth/start → the browser navigates to redirect_url. */
export interface Ga4OAuthStartResponse {
  redirect_url: string;
}

/** A property the connected accounts can read. */
export interface Ga4Property {
  /** Numeric GA4 property id as a string, e.g. '123456789'. */
  property_id: string;
  display_name: string;
  /** The Mosaic GA4 account (Ga4Account.id) that can read it. */
  account_id: string;
  /** Name of the Google Analytics account that holds the property. */
  ga4_account_name: string;
}

/** GET /integrations/ga4/properties?account_id= */
export interface Ga4PropertiesResponse {
  accounts: Ga4Account[];
  properties: Ga4Property[];
}

/** Linked property: a GA4 property linked to the current space. */
export interface Ga4LinkedProperty {
  id: string;
  ga4_property_id: string;
  ga4_property_display_name: string;
  /** The Mosaic GA4 account the link reads through, when the server says. */
  account_id?: string;
  /** True when the property comes from the embedded demo source, when the server says. */
  is_demo?: boolean;
}

/** GET /integrations/ga4/linked-properties */
export interface Ga4LinkedPropertiesResponse {
  linked_properties: Ga4LinkedProperty[];
}

/** POST /integrations/ga4/link → the Ga4LinkedProperty. */
export interface Ga4LinkPayload {
  google_oauth_account_id: string;
  ga4_property_id: string;
  ga4_property_display_name: string;
}

export interface Ga4OrderBy {
  metric?: string;
  dimension?: string;
  desc: boolean;
}

/** POST /integrations/ga4/report. Dates are YYYY-MM-DD. */
export interface Ga4ReportRequest {
  property_id: string;
  metrics: string[];
  dimensions: string[];
  start_date: string;
  end_date: string;
  order_bys?: Ga4OrderBy[];
  limit?: number;
  /**
   * A second range to compare with (both or neither; YYYY-MM-DD): the answer's `compare_totals`
   * are the metrics' totals over it. The dashboard asks for the previous period of equal length.
   */
  compare_start_date?: string;
  compare_end_date?: string;
}

/** One row, keyed by dimension and metric names (dimension values are strings, metrics numbers). */
export type Ga4ReportRow = Record<string, string | number>;

export interface Ga4ReportResponse {
  property_id: string;
  property_name: string;
  row_count: number;
  /** Metric totals over all rows. */
  totals: Record<string, number>;
  rows: Ga4ReportRow[];
  /** Metric totals over the comparison range, when the request named one (rows are of the main range only). */
  compare_totals?: Record<string, number>;
  /** True when the figures come from the embedded demo source, when the server says. */
  is_demo?: boolean;
}

/**
 * Most Google accounts one person connects in an organisation: connecting another is refused (the
 * callback lands with ?error=too_many_accounts) until one is removed; reconnecting one already
 * connected is never refused. GET /integrations/ga4/accounts is bounded by it.
 */
export const GA4_ACCOUNTS_PER_PERSON_MAX = 10;
export const GA4_TOO_MANY_ACCOUNTS_ERROR = 'too_many_accounts';
export const GA4_TOO_MANY_ACCOUNTS_TEXT = `You have connected ${GA4_ACCOUNTS_PER_PERSON_MAX} Google accounts, the most one person can. Remove one you no longer use, then connect this one.`;

/**
 * Most GA4 properties linked to one space: linking another is refused (409
 * GA4_LINKED_PROPERTIES_LIMIT) until one is unlinked. GET …/linked-properties is bounded by it.
 */
export const GA4_LINKED_PROPERTIES_PER_SPACE_MAX = 25;
export const GA4_LINKED_PROPERTIES_LIMIT_CODE = 'GA4_LINKED_PROPERTIES_LIMIT';
export const GA4_LINKED_PROPERTIES_LIMIT_TEXT = `This space already has ${GA4_LINKED_PROPERTIES_PER_SPACE_MAX} linked properties, the most a space can have. Unlink one you no longer report on, then link this one.`;

export const GA4_AUTH_STATUS_VALUES = ['authenticated', 'auth_expired', 'no_accounts', 'partial_auth', 'error'] as const;
export type Ga4AuthStatusValue = (typeof GA4_AUTH_STATUS_VALUES)[number];

/** GET /integrations/ga4/auth/status */
export interface Ga4AuthStatus {
  status: Ga4AuthStatusValue;
  message: string;
  has_valid_tokens: boolean;
  accounts_count: number;
  valid_accounts: number;
}

/** Analytics error codes (spec 001 §8). */
export const GA4_ERROR_CODES = [
  'GA4_TOKEN_EXPIRED',
  'GA4_TOKEN_REFRESH_NEEDED',
  'GA4_INSUFFICIENT_SCOPE',
  'GA4_AUTH_FAILED',
  'REFRESH_TOKEN_EXPIRED',
  'GA4_QUOTA_EXCEEDED',
  'GA4_PERMISSION_DENIED',
  'GA4_OAUTH_EXPIRED',
] as const;
export type Ga4ErrorCode = (typeof GA4_ERROR_CODES)[number];

/** Metric and dimension names of the dashboard's three reports (GA4 Data API names). */
export const DASHBOARD_KPI_METRICS = [
  'sessions',
  'activeUsers',
  'conversions',
  'bounceRate',
  'averageSessionDuration',
  'screenPageViews',
  'engagedSessions',
] as const;
export type DashboardKpi = (typeof DASHBOARD_KPI_METRICS)[number];
export const CHANNEL_DIMENSION = 'sessionDefaultChannelGroup';
export const DATE_DIMENSION = 'date';


/** DELETE /integrations/ga4/accounts/{id} */
export interface Ga4RemoveAccountResponse {
  message: string;
}

/** Dashboard metrics (spec 001 §3): what the dashboard's three reports add up to. */
export interface DashboardMetrics {
  kpis: Record<DashboardKpi, number>;
  /** The same KPIs over the previous period of equal length; null when the source gave none. */
  previousKpis?: Record<DashboardKpi, number> | null;
  sessionsSeries: Array<{ date: string; sessions: number }>;
  /** Ranked by sessions; `percentage` is the channel's share of all sessions (0–100). */
  topChannels: Array<{ channel: string; sessions: number; percentage: number }>;
}
