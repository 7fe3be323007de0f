/**
 * The routes a running app has, read from Fastify's own route tree (`printRoutes`), for tests that
 * must cover every route of a kind: a route added later is then covered without anyone listing it.
 */
import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  /** As registered, with its parameters (`/api/v1/admin/users/:id`). */
  path: string;
}

const TREE_LINE = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([A-Z, ]+)\))?$/;

/**
 * Every method and path of the app (of `method` only, when given). Each line of the tree adds its
 * text to its parent's path, its depth given by the drawing in front of it; a line without methods
 * is only a shared beginning of longer paths. A line in any other shape throws, so a change in
 * Fastify's drawing fails the tests that rely on this instead of hiding routes from them.
 */
export function routeTable(app: FastifyInstance, method?: string): RouteEntry[] {
  const tree = app.printRoutes({ commonPrefix: false, ...(method ? { method } : {}) });
  const prefixes: string[] = [];
  const routes: RouteEntry[] = [];
  for (const line of tree.split('\n')) {
    if (line.trim() === '') continue;
    const match = TREE_LINE.exec(line);
    if (!match) throw new Error(`unexpected line in Fastify's route tree: ${JSON.stringify(line)}`);
    const depth = match[1]!.length / 4;
    const path = (depth === 0 ? '' : prefixes[depth - 1]!) + match[2]!;
    prefixes[depth] = path;
    prefixes.length = depth + 1;
    for (const routeMethod of match[3]?.split(/,\s*/) ?? []) {
      if (!method || routeMethod === method) routes.push({ method: routeMethod, path });
    }
  }
  return routes;
}
