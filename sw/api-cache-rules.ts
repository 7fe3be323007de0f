/**
 * Which /api/v1 GETs the service worker may keep for offline use: an ALLOWLIST. A GET path that
 * matches no `network-first` rule is never stored, so a new endpoint is not cached until someone
 * decides it should be (tests/server/api-cache-coverage.test.ts fails until every GET route of the
 * real server has a rule here, either way, with its reason).
 *
 * Pure data plus a matcher, with no worker or DOM dependency, so the page's request layer can read
 * the same table (paths are written as the server registers them, relative to /api/v1, with
 * `:param` segments).
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
function compile(path: string): RegExp {
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
  const compiled = rules.map((rule) => ({ rule, matcher: compile(rule.path) }));
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
