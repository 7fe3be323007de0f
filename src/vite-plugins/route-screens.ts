import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { classifyPath, type RouteAccess } from '../navigation/route-access.ts';

export interface RouteScreen {
  /** The route's path as the browser shows it, e.g. `/agents/:slug`. */
  path: string;
  /** Source file of the screen's lazy chunk, relative to the repository root. */
  source: string;
  /** Shown only to a signed-in user, inside the signed-in shell. */
  signedIn: boolean;
}

/** The signed-in shell's module: every signed-in screen renders inside it. */
export const SIGNED_IN_SHELL_SOURCE = 'src/app/shell/AppShell.tsx';

/** What the navigation guard lets only a signed-in user open (src/navigation/route-access.ts). */
const SIGNED_IN_ACCESS = new Set<RouteAccess>(['workspace', 'signed-in', 'admin', 'org-admin']);

/**
 * The screens of src/app/routes.tsx, read from its text: the lazy imports (name → file) and the
 * `path: '…', element: <Name />` pairs. Redirect-only routes have no screen and are skipped. Read
 * as text because the build and the benchmarks run in Node, where the route table (TSX, lazy
 * imports) cannot be loaded.
 */
export async function readRouteScreens(root: string): Promise<RouteScreen[]> {
  const text = await readFile(path.join(root, 'src/app/routes.tsx'), 'utf8');
  const lazyFiles = new Map<string, string>();
  for (const match of text.matchAll(/const (\w+) = lazy\(\(\) => import\('([^']+)'\)\)/g)) {
    const [, name, specifier] = match as unknown as [string, string, string];
    lazyFiles.set(name, path.posix.join('src/app', `${specifier}.tsx`));
  }
  const screens: RouteScreen[] = [];
  for (const match of text.matchAll(/path: '([^']*)',\s*element: <(\w+) \/>/g)) {
    const [, routePath, name] = match as unknown as [string, string, string];
    const source = lazyFiles.get(name);
    if (!source) continue;
    const browserPath = `/${routePath}`;
    screens.push({ path: browserPath, source: path.posix.normalize(source), signedIn: SIGNED_IN_ACCESS.has(classifyPath(browserPath)) });
  }
  // An empty table means the file's shape changed: fail here rather than plan chunks on nothing.
  if (screens.length === 0) throw new Error('src/app/routes.tsx: no screens found, its layout changed (src/vite-plugins/route-screens.ts)');
  return screens;
}
