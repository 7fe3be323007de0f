/**
 * The service worker stores only the API GETs its allowlist names (src/contract/paths.ts). This
 * makes adding a GET endpoint a decision: the real server's GET routes are collected and each must
 * have a rule, cached or never-cached, with a reason. A rule naming no route fails too, so the
 * table never describes endpoints that are gone.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_GET_CACHE_RULES, normaliseRoutePath } from '../../src/contract/paths';
import { API, createTestApp, type TestApp } from '../helpers/server';

const TREE_LINE = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([A-Z, ]+)\))?$/;

/**
 * Every GET route path, read from Fastify's own route tree (`printRoutes`): each line adds its
 * text to its parent's path, its depth given by the drawing in front of it.
 */
function getRoutePaths(app: FastifyInstance): string[] {
  const tree = app.printRoutes({ commonPrefix: false, method: 'GET' });
  const prefixes: string[] = [];
  const paths: string[] = [];
  for (const line of tree.split('\n')) {
    if (line.trim() === '') continue;
    const match = TREE_LINE.exec(line);
    if (!match) throw new Error(`unexpected line in Fastify's route tree: ${JSON.stringify(line)}`);
    const depth = match[1]!.length / 4;
    const path = (depth === 0 ? '' : prefixes[depth - 1]!) + match[2]!;
    prefixes[depth] = path;
    prefixes.length = depth + 1;
    if (match[3]?.split(/,\s*/).includes('GET')) paths.push(path);
  }
  return paths;
}

describe('the service worker\'s API cache rules cover every GET route of the real server', () => {
  let t: TestApp;
  let apiGetRoutes: string[];

  beforeAll(async () => {
    t = await createTestApp();
    apiGetRoutes = getRoutePaths(t.app)
      .filter((path) => path.startsWith(`${API}/`))
      .map((path) => normaliseRoutePath(path.slice(API.length)));
  });
  afterAll(() => t.close());

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
