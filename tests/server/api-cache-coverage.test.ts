/**
 * The service worker stores only the API GETs its allowlist names (src/contract/paths.ts). This
 * makes adding a GET endpoint a decision: the real server's GET routes are collected and each must
 * have a rule, cached or never-cached, with a reason. A rule naming no route fails too, so the
 * table never describes endpoints that are gone.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { API_GET_CACHE_RULES, normaliseRoutePath } from '../../src/contract/paths';
import { API } from '../helpers/server';
import { appForSuite } from '../helpers/suite-fixtures';
import { routeTable } from './route-table';

describe('the service worker\'s API cache rules cover every GET route of the real server', () => {
  const t = appForSuite();
  let apiGetRoutes: string[];

  beforeAll(async () => {
    apiGetRoutes = routeTable(t.app, 'GET')
      .map((route) => route.path)
      .filter((path) => path.startsWith(`${API}/`))
      .map((path) => normaliseRoutePath(path.slice(API.length)));
  });

  it('reads the route list correctly (every path found is a real GET route, the known ones are there)', () => {
    for (const path of apiGetRoutes) expect(t.app.hasRoute({ method: 'GET', url: `${API}${path}` }), path).toBe(true);
    expect(apiGetRoutes).toEqual(expect.arrayContaining(['/me', '/spaces', '/billing/plans', '/agents/sessions/:id/messages']));
  });

  it('has a cached-or-never rule, with its reason, for every GET route', () => {
    const decided = new Set(API_GET_CACHE_RULES.map((rule) => normaliseRoutePath(rule.path)));
    const undecided = apiGetRoutes.filter((path) => !decided.has(path));
    // A new GET endpoint lands here: add it to src/contract/paths.ts as cached (a screen needs it
    // offline) or never (say why), and to the table in sw/README.md.
    expect(undecided).toEqual([]);
  });

  it('names no route the server does not have', () => {
    const routes = new Set(apiGetRoutes);
    const stale = API_GET_CACHE_RULES.map((rule) => normaliseRoutePath(rule.path)).filter((path) => !routes.has(path));
    expect(stale).toEqual([]);
  });
});
