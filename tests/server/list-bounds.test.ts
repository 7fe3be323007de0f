/**
 * Every list the API answers has a bound (docs/scale.md "Every list has a bound"). The GET routes are
 * read from the running app, and each one's answer from its contract declaration: an answer that is
 * a list, or holds one, must be paged (a `limit` or `k` with a maximum and a default) or be on the
 * short list below of lists bounded by what they list, each with its reason (a cap refused past it,
 * or a fixed set). No list is answered whole: a new one without a bound fails this test the day it
 * is added.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_SESSIONS_MAX } from '../../src/contract/account';
import { ADMIN_DETAIL_LIST_MAX } from '../../src/contract/admin';
import { AGENT_SLUGS } from '../../src/contract/agent-names';
import { MESSAGES_UNPAGED_MAX, POLL_MESSAGES_MAX } from '../../src/contract/agents';
import { ASSET_LIMITS } from '../../src/contract/assets';
import { CONTRACT_ENDPOINTS } from '../../src/contract/all-endpoints';
import { GA4_ACCOUNTS_PER_PERSON_MAX, GA4_LINKED_PROPERTIES_PER_SPACE_MAX } from '../../src/contract/ga4';
import { SHARE_LINKS_PER_CHAT_MAX } from '../../src/contract/chat-shares';
import { ADMIN_DOMAIN_CLAIMS_MAX, ORG_DOMAIN_CLAIMS_MAX } from '../../src/contract/domain-claims';
import { NOTIFICATIONS_LIST_LIMIT } from '../../src/contract/notifications';
import { ORG_PROPERTIES_MAX } from '../../src/contract/organization';
import { ORG_CONTACTS_MAX, ORG_PENDING_INVITES_MAX } from '../../src/contract/orgs';
import { TEMPLATE_LIST_LIMIT } from '../../src/contract/prompt-templates';
import { MAX_LIST as ASSETS_LIST_MAX } from '../../server/src/services/assets/assets.service';
import { API } from '../helpers/server';
import { appForSuite } from '../helpers/suite-fixtures';
import { routeTable } from './route-table';

/** Lists bounded by what they list, by route (without /api/v1), and why. */
const BOUNDED_BY_NATURE: Record<string, string> = {
  '/agents': `the agents: ${AGENT_SLUGS.length}, fixed`,
  '/agents/:slug/settings': 'the providers an agent may use: a fixed set',
  '/agents/sessions/:id/messages': `paged with limit (≤ 500); without it the newest ${MESSAGES_UNPAGED_MAX} messages`,
  '/agents/sessions/:id/poll': `the oldest ${POLL_MESSAGES_MAX} messages after \`since\`; the client's next poll, since the last of them, reads on`,
  '/agents/sessions/:id/shares': `at most ${SHARE_LINKS_PER_CHAT_MAX} links a chat`,
  '/billing/plans': 'the plan catalogue and the credit packs: fixed',
  '/billing/analytics/usage-breakdown': 'one row per feature or per agent: fixed sets',
  '/settings/org': `at most ${ORG_PROPERTIES_MAX} properties an organisation`,
  '/assets': `at most ${ASSETS_LIST_MAX} assets (assets.service.ts MAX_LIST)`,
  '/assets/search': `at most ${ASSETS_LIST_MAX} assets (assets.service.ts MAX_LIST)`,
  '/assets/:id': 'one asset: at most 100 tags, and the collections it is in',
  '/assets/collections': `at most ${ASSET_LIMITS.collectionsPerSpace} collections a space (ASSET_LIMITS.collectionsPerSpace, refused past it)`,
  '/agent-mode/runs/:id': 'one run: at most 8 steps',
  '/kb/documents/:id/text': 'a window of passages around the one asked for (PREVIEW_WINDOW_PASSAGES)',
  '/admin/overview': 'the 5 latest failures of each kind',
  '/admin/security': 'the 5 addresses failing most',
  '/admin/domain-claims': `at most ${ADMIN_DOMAIN_CLAIMS_MAX} claims`,
  '/notifications': `the newest ${NOTIFICATIONS_LIST_LIMIT}`,
  '/prompt-templates': `at most ${TEMPLATE_LIST_LIMIT} templates`,
  '/public/shares/:token': `a shared chat's newest ${MESSAGES_UNPAGED_MAX} messages, as GET …/messages without a page`,
  '/integrations/ga4/properties': 'the properties of the caller’s own Google connections, as Google lists them',
  '/account/sessions': `at most ${ACCOUNT_SESSIONS_MAX} signed-in devices an account (a sign-in past it signs out the least recently used)`,
  '/settings/domain-claims': `at most ${ORG_DOMAIN_CLAIMS_MAX} claims an organisation (refused past it: DOMAIN_CLAIMS_LIMIT)`,
  '/admin/organizations/:id': `the first ${ADMIN_DETAIL_LIST_MAX} spaces and members with their totals (the rest: GET /admin/users?organization=…), the 25 latest ledger entries`,
  '/admin/users/:id': `one account: at most ${ACCOUNT_SESSIONS_MAX} signed-in devices`,
  '/integrations/ga4/accounts': `at most ${GA4_ACCOUNTS_PER_PERSON_MAX} Google accounts a person connects in an organisation (refused past it)`,
  '/integrations/ga4/linked-properties': `at most ${GA4_LINKED_PROPERTIES_PER_SPACE_MAX} properties a space (refused past it: GA4_LINKED_PROPERTIES_LIMIT)`,
  '/orgs/contacts': `the first ${ORG_CONTACTS_MAX} owners and admins, owners first`,
  '/orgs/invites': `at most ${ORG_PENDING_INVITES_MAX} pending invites an organisation (refused past it: PENDING_INVITES_LIMIT)`,
};

interface ZodInternals {
  /** A number schema's largest allowed value (Zod's classic API). */
  maxValue?: number | null;
  _zod?: { def?: { type?: string; innerType?: unknown; shape?: Record<string, unknown>; defaultValue?: unknown }; bag?: { maximum?: number } };
}

/** The schema inside optional, nullable and default wrappers. */
function unwrapped(schema: unknown): ZodInternals {
  let current = (schema ?? {}) as ZodInternals;
  while (current._zod?.def?.innerType) current = current._zod.def.innerType as ZodInternals;
  return current;
}

const typeOf = (schema: unknown) => unwrapped(schema)._zod?.def?.type;

/** Whether an answer is a list or holds one (at its top level, where a page's list is). */
function answersAList(answer: unknown): boolean {
  if (typeOf(answer) === 'array') return true;
  const shape = unwrapped(answer)._zod?.def?.shape;
  return Object.values(shape ?? {}).some((field) => typeOf(field) === 'array');
}

/** A `limit` (or `k`) with a maximum, and a default or required: no call gets an unbounded page. */
function paged(query: unknown): boolean {
  const shape = unwrapped(query)._zod?.def?.shape ?? {};
  return ['limit', 'k'].some((name) => {
    const field = shape[name] as ZodInternals | undefined;
    if (!field) return false;
    const number = unwrapped(field);
    const maximum = number.maxValue ?? number._zod?.bag?.maximum;
    const optional = field._zod?.def?.type === 'optional';
    return typeof maximum === 'number' && Number.isFinite(maximum) && !optional;
  });
}

const withoutSlash = (path: string) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);

describe('every list endpoint has a bound', () => {
  const t = appForSuite();
  let lists: { path: string; paged: boolean }[];

  beforeAll(() => {
    const declared = new Map(CONTRACT_ENDPOINTS.filter((endpoint) => endpoint.method === 'GET').map((endpoint) => [withoutSlash(endpoint.path), endpoint]));
    lists = [];
    for (const route of routeTable(t.app, 'GET')) {
      const path = route.path.slice(API.length);
      const endpoint = declared.get(withoutSlash(path));
      // Undeclared GETs answer no list: the OpenAPI document is the only one.
      if (!endpoint) {
        expect(path, 'a GET route outside the contract').toBe('/openapi.json');
        continue;
      }
      if (answersAList(endpoint.answers[200])) lists.push({ path: endpoint.path, paged: paged(endpoint.query) });
    }
  });

  it('finds the lists in the route table, the paged ones among them', () => {
    expect(lists.length).toBeGreaterThan(30);
    const pagedPaths = lists.filter((list) => list.paged).map((list) => list.path);
    expect(pagedPaths).toEqual(
      expect.arrayContaining([
        '/agents/history',
        '/agents/history/search',
        '/billing/credits/transactions',
        '/admin/users',
        '/admin/audit',
        '/kb/search',
        '/spaces/',
        '/spaces/archived',
        '/kb/documents',
        '/agents/:slug/documents',
      ]),
    );
  });

  it('pages each list, or bounds it by what it lists', () => {
    const unbounded = lists.filter((list) => !list.paged && !(list.path in BOUNDED_BY_NATURE)).map((list) => list.path);
    expect(unbounded).toEqual([]);
  });

  it('names only real, unpaged lists among the bounded ones', () => {
    const listed = new Set(lists.map((list) => list.path));
    for (const path of Object.keys(BOUNDED_BY_NATURE)) expect(listed.has(path), path).toBe(true);
    for (const path of Object.keys(BOUNDED_BY_NATURE)) expect(lists.find((list) => list.path === path)?.paged, `${path} is paged: take it off the list`).toBe(false);
  });
});
