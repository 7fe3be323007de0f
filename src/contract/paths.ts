/**
 * The path rules of the API in one table, read by the page's request layer (src/api/paths.ts),
 * the service worker (sw/routing-table.ts) and the server's route coverage test: the prefix the
 * API lives under, and per path what a request needs (bearer token, space header, whether it waits
 * for the session), what a 401 means, and whether a GET may be kept for offline use, with why.
 * Pure data plus matchers, so every side can load it (spec 000 §4, §5, §7, §8).
 */

/** Every API path below is relative to this prefix. */
export const API_PREFIX = '/api/v1';

/**
 * The page a chat's share link opens (`/share/<token>`, outside the signed-in app). The service
 * worker never answers it from the app shell: the server's 404 for a dead link must reach the browser.
 */
export const SHARE_PAGE_PREFIX = '/share/';

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
  // The person's own account: every role, system admins included, so no space header.
  { prefix: '/account', bearer: true, spaceHeader: false, waitsForSession: true, on401: 'refresh' },
  // The person's notifications and push devices span their spaces: no space header.
  { prefix: '/notifications', bearer: true, spaceHeader: false, waitsForSession: true, on401: 'refresh' },
  { prefix: '/health', bearer: true, spaceHeader: false, waitsForSession: false, on401: 'refresh' },
  // The spaces list is what login itself loads before the state becomes AUTHENTICATED, so a GET of
  // the list (and only that) goes at once: see SPACES_LIST below.
  { prefix: '/spaces', bearer: true, spaceHeader: false, waitsForSession: true, on401: 'refresh' },
  { prefix: '/integrations/ga4', bearer: true, spaceHeader: true, waitsForSession: true, on401: 'refresh-unless-google' },
  // The platform admin area: platform admins have no spaces, so no space header.
  { prefix: '/admin', bearer: true, spaceHeader: false, waitsForSession: true, on401: 'refresh' },
  // Read by anyone with the link (a shared chat): no session, no space, whoever is signed in or not.
  { prefix: '/public', bearer: false, spaceHeader: false, waitsForSession: false, on401: 'fail' },
  // Signed download links: the signature in the URL is the permission (the browser navigates to them).
  { prefix: '/kb/downloads', bearer: false, spaceHeader: false, waitsForSession: false, on401: 'fail' },
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
  cached('/spaces/archived', 'Workspace Settings: archived spaces, to restore'),
  cached('/settings/brand-voice', 'Workspace Settings: the brand voice text'),
  cached('/settings/org', 'Workspace Settings: the organisation\'s name and properties'),
  cached('/settings/sso', 'Workspace Settings: how the organisation signs in (the answer never carries the client secret)'),
  cached('/settings/domain-claims', 'Workspace Settings: the organisation\'s email domains and the TXT records that prove them (public once published)'),
  cached('/billing/plan', 'Billing: the current plan'),
  cached('/billing/plans', 'Billing: the plan catalogue next to the current plan'),
  cached('/billing/credits', 'Billing and the header: the credit balance'),
  cached('/billing/credits/transactions', 'Billing: the transaction history'),
  cached('/billing/analytics/usage-breakdown', 'Billing analytics: usage per agent or day'),
  cached('/billing/analytics/recent-activity', 'Billing analytics: the recent activity feed'),
  cached('/kb/documents', 'Knowledge Base: the document list'),
  cached('/kb/documents/:id/status', 'Knowledge Base: offline, the last known status is shown rather than the document being marked failed'),
  cached('/prompt-templates', 'the message box\'s "/" templates and their management screen (the device also keeps them in Dexie)'),
  cached('/agents/sessions/:id/shares', 'a chat\'s ⋯ menu: its active share links (read-only offline; creating and revoking need the server)'),
  cached('/agents', 'AI Agents: the agent cards'),
  cached('/agents/sessions', 'a chat\'s session list'),
  cached('/agents/sessions/:id/messages', 'a chat\'s past messages'),
  cached('/agents/history', 'Chat history: the space\'s chats across agents (the rail reads Dexie; this keeps a reload offline working too)'),
  cached('/agents/:slug/settings', 'Agent Configuration: the agent\'s settings'),
  cached('/agents/:slug/documents', 'Agent Configuration: the documents linked to the agent'),
  cached('/agent-mode/runs', 'Agent Mode: the space\'s past runs with their deliverables (the screen reads Dexie; this keeps a reload offline working too)'),
  cached('/agent-mode/runs/:id', 'Agent Mode: a run\'s plan, steps and deliverable, to read offline'),
  cached('/integrations/ga4/accounts', 'Connections: the connected Google accounts'),
  cached('/integrations/ga4/auth/status', 'Connections: whether the Google connection works'),
  cached('/integrations/ga4/properties', 'Manage GA4 Properties: the properties the accounts can read'),
  cached('/integrations/ga4/linked-properties', 'Dashboard and Manage GA4 Properties: the space\'s linked properties (reports are POSTs, kept by the dashboard itself)'),
  cached('/onboarding', 'Dashboard: the "Get started" checklist as last seen (its steps and whether it was closed)'),
  cached('/orgs/members', 'Organisation administration: the member list'),
  cached('/orgs/invites', 'Organisation administration: pending invitations (the answer carries no invitation secret)'),
  cached('/orgs/join-requests', 'Organisation administration: join requests'),
  cached('/orgs/contacts', 'Help & Support: the owners and admins to ask, by name (also offline)'),
  cached('/assets/capabilities', 'Creative Assets: the upload limit and whether images can be generated, shown offline without a second guess'),

  // --- Never stored, and why.
  never('/health', 'must report the server as it is now; the connectivity probe relies on it failing offline'),
  never('/health/ready', 'a reverse proxy\'s readiness check of one process (docs/deploy.md); no screen calls it, and a stored answer would say ready for a process that is stopping'),
  never('/register/check-domain', 'sign-in flow: a stale answer could send someone down the wrong registration path'),
  never('/auth/sso/lookup', 'sign-in flow: whether a domain uses single sign-on must be asked each time (an owner may just have set it up)'),
  never('/auth/sso/start', 'a browser navigation that starts a single-use sign-in at the identity provider'),
  never('/auth/sso/callback', 'the identity provider\'s one-time authorisation code and state'),
  never('/register/invitation', 'an invite link\'s secret is in its query; whether the link still works must be asked each time'),
  never('/billing/checkouts/:id', 'a payment in progress: its state changes when the payment provider confirms it, and a stale "pending" would mislead'),
  never('/agents/sessions/:id/poll', 'long poll: "what is new since X"; a replay would show old replies as new, and it may legitimately last minutes'),
  never('/agents/sessions/:id/stream', 'a reply being written, as a stream of server-sent events: a stored copy would replay a half-written reply, and the worker must pass the bytes on as they come'),
  never('/agent-mode/runs/:id/stream', 'a run as it happens, as server-sent events: a stored copy would replay steps half-written, and the worker must pass the bytes on as they come'),
  never('/kb/documents/stream', 'documents\' statuses as they change, as server-sent events: a stored copy would replay statuses long past, and the worker must pass the bytes on as they come; offline the screen keeps the last known statuses in Dexie'),
  never('/kb/search', 'free-text query: every query would take its own entry and push the screens\' saved data out of the bounded cache; needs the live index'),
  never('/agents/:slug/documents/search', 'free-text query (as /kb/search)'),
  never('/agents/history/search', 'free-text query (as /kb/search); offline, the history searches what the device holds instead'),
  never('/integrations/ga4/oauth/start', 'single-use, expiring Google consent address'),
  never('/integrations/ga4/oauth/callback', 'one-time authorisation code from Google'),
  never('/account/sessions', 'Settings: the signed-in devices must be the live list (signing one out acts on it); nothing to show offline'),
  never('/notifications', 'the unread badge must be the live count: a replayed list would show notifications already read on another device as new; offline there is nothing to act on (each leads to a screen with its own offline copy)'),
  never('/notifications/push/key', 'asked only when subscribing to push, which needs the push service (online) anyway'),
  never('/kb/documents/:id/text', 'a document\'s whole text (up to ~250,000 characters): the preview keeps the texts it opened in Dexie, bounded per space, rather than a second copy in this cache'),
  never('/kb/documents/:id/download', 'a signed download link that expires in minutes: a stored one would be dead when replayed'),
  never('/kb/downloads/file', 'the file behind a signed link (the signature is in the query): never stored, the browser downloads it'),
  never('/public/shares/:token', 'a shared chat read without signing in: must stop working the moment its link is revoked or the chat deleted, and never sits next to a signed-in user\'s data'),
  never('/assets', 'Creative Assets: the screen reads the library from Dexie, which uploads, edits and deletes update directly; a stored list replayed offline is older than that and would replace it (an offline reload emptied a library filled since the last list)'),
  never('/assets/collections', 'as /assets: the collections live in Dexie, and a stored list would undo collections made or deleted since'),
  never('/assets/:id', 'as /assets: the row (and a text read in the preview) is kept in Dexie; a stored answer would put an older name, status or thumbnail version back'),
  never('/assets/search', 'free-text query (as /kb/search); offline, the screen searches what the device holds instead'),
  never('/assets/:id/thumbnail', 'kept on the device as bytes in Dexie (assetThumbnails, wiped with the space), not in this bounded cache: 2,000 thumbnails would push every screen\'s saved answers out'),
  never('/assets/:id/preview', 'large images shown only while online; offline the preview shows the saved thumbnail'),
  never('/openapi.json', 'the API description for developers, not data any screen shows'),
  never('/orgs/audit', 'Organisation activity: a security record read live; a stored copy would show a stale log as current (and it is for the owner only)'),
  never('/admin/overview', 'Admin dashboard: platform figures must be live, and platform-wide data is not kept on a device'),
  never('/admin/users', 'Admin users: other people\'s accounts are not kept on a device; actions act on the live list'),
  never('/admin/users/:id', 'Admin user detail: status and devices must be live before suspending or signing out'),
  never('/admin/organizations', 'Admin organisations: other organisations\' data is not kept on a device'),
  never('/admin/organizations/:id', 'Admin organisation detail: the balance must be live before adjusting it'),
  never('/admin/audit', 'Admin security: the audit log read live, never from a stored copy'),
  never('/admin/security', 'Admin security: live counts of failed sign-ins, reuse detections and rate-limit hits'),
  never('/admin/domain-claims', 'Admin security: domain claims awaiting review must be live before approving or rejecting one'),
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
