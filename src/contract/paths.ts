/**
 * The path rules of the API in one table, read by the page's request layer (src/api/paths.ts),
 * the service worker (sw/routing-table.ts) and the server's route coverage test: the prefix the
 * API lives under, and per path what a request needs (bearer token, space header, whether it waits
 * for the session), what a 401 means, and whether a GET may be kept for offline use, with why.
 * Pure data plus matchers, so every side can load it (spec 000 §4, §5, §7, §8).
 */

/** Every API path below is relative to this prefix. */
export const API_PREFIX = '/api/v1';

/** What a 401 answer on a path means for the Mosaic session. */
export type On401 =
  /** The access token expired: refresh it once and retry. */
  | 'refresh'
  /** Wrong credentials or no session: refreshing is pointless (and /refresh itself would loop). */
  | 'fail'
  /**
   * The Google connection failed, unless the server marks its own session failure (TOKEN_EXPIRED,
   * UNAUTHORIZED), which refreshes as anywhere: a 401 on a GA4 path keeps the session (spec 000 §8).
   */
  | 'refresh-unless-google';

export interface PathFamily {
  /** A path segment prefix: '/spaces' covers '/spaces', '/spaces/' and '/spaces/x/members'. */
  prefix: string;
  /** Sent with the access token; credentials calls carry their own (a password, a refresh token). */
  bearer: boolean;
  /** Needs the current space id header (spec 000 §5). */
  spaceHeader: boolean;
  /** Held until the session is ready (spec 000 §4, §7); sign-in calls and health go at once. */
  waitsForSession: boolean;
  on401: On401;
}

const SIGN_IN = { spaceHeader: false, waitsForSession: false, on401: 'fail' } as const;

/** Path families with their own rules; any other path gets DEFAULT_PATH_RULES. */
export const PATH_FAMILIES: readonly PathFamily[] = [
  { prefix: '/login', bearer: false, ...SIGN_IN },
  { prefix: '/register', bearer: false, ...SIGN_IN },
  { prefix: '/refresh', bearer: false, ...SIGN_IN },
  { prefix: '/logout', bearer: true, ...SIGN_IN },
  { prefix: '/me', bearer: true, ...SIGN_IN },
  { prefix: '/auth', bearer: true, ...SIGN_IN },
  { prefix: '/health', bearer: true, spaceHeader: false, waitsForSession: false, on401: 'refresh' },
  // The spaces list is what login itself loads before the state becomes AUTHENTICATED, so a GET of
  // the list (and only that) goes at once: see SPACES_LIST below.
  { prefix: '/spaces', bearer: true, spaceHeader: false, waitsForSession: true, on401: 'refresh' },
  { prefix: '/integrations/ga4', bearer: true, spaceHeader: true, waitsForSession: true, on401: 'refresh-unless-google' },
];

export const DEFAULT_PATH_RULES: Omit<PathFamily, 'prefix'> = { bearer: true, spaceHeader: true, waitsForSession: true, on401: 'refresh' };

/** GET of the spaces list: sent before the session is ready (the exception in PATH_FAMILIES). */
export const SPACES_LIST = ['/spaces', '/spaces/'] as const;

/** '/kb/documents?category=x' → '/kb/documents'. */
export function pathOnly(path: string): string {
  const end = path.search(/[?#]/);
  return end === -1 ? path : path.slice(0, end);
}

function startsWithSegment(path: string, segment: string): boolean {
  return path === segment || path.startsWith(`${segment}/`);
}

/** The family a path (relative to API_PREFIX, query allowed) belongs to, or undefined. */
export function pathFamilyOf(path: string): PathFamily | undefined {
  const p = pathOnly(path);
  return PATH_FAMILIES.find((family) => startsWithSegment(p, family.prefix));
}

/** The rules for a path: its family's, or the defaults. */
export function pathRulesFor(path: string): Omit<PathFamily, 'prefix'> {
  return pathFamilyOf(path) ?? DEFAULT_PATH_RULES;
}

// --- Offline caching of GETs, one rule per GET route of the server.

/**
 * Which API GETs the service worker may keep for offline use: an ALLOWLIST. A GET path that
 * matches no `network-first` rule is never stored, so a new endpoint is not cached until someone
 * decides it should be (tests/server/api-cache-coverage.test.ts fails until every GET route of the
 * real server has a rule here, either way, with its reason). Paths are written as the server
 * registers them, relative to API_PREFIX, with `:param` segments.
 */
export type ApiCacheDecision =
  /** Network first; the last 200 answer is kept per user and space for offline reloads. */
  | 'network-first'
  /** Never stored: the request goes to the network as if there were no worker. */
  | 'never';

export interface ApiCacheRule {
  /** Route path below /api/v1 as the server registers it, e.g. '/agents/sessions/:id/messages'. */
  path: string;
  decision: ApiCacheDecision;
  /** Why: the screen that needs it offline, or what would go wrong if it were replayed. */
  reason: string;
}

const cached = (path: string, reason: string): ApiCacheRule => ({ path, decision: 'network-first', reason });
const never = (path: string, reason: string): ApiCacheRule => ({ path, decision: 'never', reason });

export const API_GET_CACHE_RULES: readonly ApiCacheRule[] = [
  // --- The read models screens show offline (kept per user and space, wiped on logout).
  cached('/me', 'auth initialisation offline: without it a network error ends the session (spec 000 §4), signing the user out on an offline reload'),
  cached('/spaces', 'the shell\'s space switcher and current space'),
  cached('/settings/brand-voice', 'Workspace Settings: the brand voice text'),
  cached('/billing/plan', 'Billing: the current plan'),
  cached('/billing/plans', 'Billing: the plan catalogue next to the current plan'),
  cached('/billing/credits', 'Billing and the header: the credit balance'),
  cached('/billing/credits/transactions', 'Billing: the transaction history'),
  cached('/billing/analytics/usage-breakdown', 'Billing analytics: usage per agent or day'),
  cached('/billing/analytics/recent-activity', 'Billing analytics: the recent activity feed'),
  cached('/kb/documents', 'Knowledge Base: the document list'),
  cached('/kb/documents/:id/status', 'Knowledge Base: offline, the last known status is shown rather than the document being marked failed'),
  cached('/agents', 'AI Agents: the agent cards'),
  cached('/agents/sessions', 'a chat\'s session list'),
  cached('/agents/sessions/:id/messages', 'a chat\'s past messages'),
  cached('/agents/:slug/settings', 'Agent Configuration: the agent\'s settings'),
  cached('/agents/:slug/documents', 'Agent Configuration: the documents linked to the agent'),
  cached('/integrations/ga4/accounts', 'Connections: the connected Google accounts'),
  cached('/integrations/ga4/auth/status', 'Connections: whether the Google connection works'),
  cached('/integrations/ga4/properties', 'Manage GA4 Properties: the properties the accounts can read'),
  cached('/integrations/ga4/linked-properties', 'Dashboard and Manage GA4 Properties: the space\'s linked properties (reports are POSTs, kept by the dashboard itself)'),
  cached('/orgs/members', 'Organisation administration: the member list'),
  cached('/orgs/invites', 'Organisation administration: pending invitations (the answer carries no invitation secret)'),
  cached('/orgs/join-requests', 'Organisation administration: join requests'),

  // --- Never stored, and why.
  never('/health', 'must report the server as it is now; the connectivity probe relies on it failing offline'),
  never('/register/check-domain', 'sign-in flow: a stale answer could send someone down the wrong registration path'),
  never('/register/invitation', 'an invite link\'s secret is in its query; whether the link still works must be asked each time'),
  never('/billing/checkouts/:id', 'a payment in progress: its state changes when the payment provider confirms it, and a stale "pending" would mislead'),
  never('/agents/sessions/:id/poll', 'long poll: "what is new since X"; a replay would show old replies as new, and it may legitimately last minutes'),
  never('/kb/search', 'free-text query: every query would take its own entry and push the screens\' saved data out of the bounded cache; needs the live index'),
  never('/agents/:slug/documents/search', 'free-text query (as /kb/search)'),
  never('/integrations/ga4/oauth/start', 'single-use, expiring Google consent address'),
  never('/integrations/ga4/oauth/callback', 'one-time authorisation code from Google'),
  never('/openapi.json', 'the API description for developers, not data any screen shows'),
];

/** '/agents/:slug/settings' → a matcher for '/agents/seo/settings' (an optional trailing slash too). */
export function routeMatcher(path: string): RegExp {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const source = trimmed
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/**
 * A lookup over a rule table: the rule for a concrete GET path below /api/v1 (no query string), or
 * undefined. A `never` rule wins over a `network-first` one that also matches (a parameter segment
 * such as `:slug` can match a literal one such as `sessions`).
 */
export function compileApiCacheRules(rules: readonly ApiCacheRule[]): (apiPath: string) => ApiCacheRule | undefined {
  const compiled = rules.map((rule) => ({ rule, matcher: routeMatcher(rule.path) }));
  return (apiPath) => {
    const matching = compiled.filter(({ matcher }) => matcher.test(apiPath)).map(({ rule }) => rule);
    return matching.find((rule) => rule.decision === 'never') ?? matching[0];
  };
}

export const apiCacheRuleFor = compileApiCacheRules(API_GET_CACHE_RULES);

/** Whether a GET of this path may be kept for offline use: only when a rule says so. */
export function isCacheableApiGet(apiPath: string): boolean {
  return apiCacheRuleFor(apiPath)?.decision === 'network-first';
}

/** A registered route path ('/spaces/', '/agents/:slug/settings') in the table's spelling. */
export function normaliseRoutePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}
