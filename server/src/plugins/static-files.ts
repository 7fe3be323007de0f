import { existsSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../errors';
import type { ErrorBody } from './error-handler';
import { DOCUMENT_ONLY_HEADERS } from './security-headers';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Hashed build output never changes under one name; everything else must be revalidated. */
function cacheControlFor(file: string): string {
  return file.startsWith('assets/') ? IMMUTABLE : REVALIDATE;
}

/**
 * The screen each public entry path shows, as built modules (keys of the build's
 * .vite/manifest.json, written with `build.manifest: true`). The browser otherwise learns of a
 * screen's chunk only after the entry has downloaded and run, one more round trip before the
 * first screen paints (~0.3 s of Lighthouse's mobile LCP on /login, docs/performance.md). Only
 * screens shown to everyone who opens the path are listed: a signed-in screen would cost a
 * signed-out visitor the whole shell.
 */
const SCREEN_MODULES: Record<string, string> = {
  '/login': 'src/features/auth/pages/LoginPage.tsx',
  '/register': 'src/features/auth/pages/RegisterPage.tsx',
};

interface ManifestChunk {
  file: string;
  /** Set on the JavaScript chunks the bundler cut; absent on files it only copied (a worker's script). */
  name?: string;
  imports?: string[];
  css?: string[];
}

type Manifest = Record<string, ManifestChunk>;

function readManifest(staticDir: string): Manifest | null {
  const manifestPath = path.join(staticDir, '.vite', 'manifest.json');
  return existsSync(manifestPath) ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest) : null;
}

/**
 * The build's module scripts and stylesheets (paths such as `assets/index-abc.js`): what pages
 * load into themselves, never a document or a worker of its own. A worker's script (listed under a
 * chunk's `assets`, or as an entry without a chunk name) is not among them, nor is anything the
 * manifest does not list.
 */
function pageSubresources(manifest: Manifest | null): Set<string> {
  const files = new Set<string>();
  for (const chunk of Object.values(manifest ?? {})) {
    if (chunk.name !== undefined && /\.m?js$/.test(chunk.file)) files.add(chunk.file);
    if (chunk.file.endsWith('.css')) files.add(chunk.file);
    for (const stylesheet of chunk.css ?? []) files.add(stylesheet);
  }
  return files;
}

/** `Link` header values (rel=modulepreload) per path: the screen's chunk and what it imports beyond the entry. */
function screenPreloads(manifest: Manifest | null): Map<string, string> {
  const headers = new Map<string, string>();
  if (!manifest) return headers;
  const reachable = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) reachable(next, seen);
    return seen;
  };
  // index.html already lists the entry's own imports as <link rel="modulepreload">.
  const entry = reachable('index.html');
  for (const [pagePath, moduleKey] of Object.entries(SCREEN_MODULES)) {
    const files = [...reachable(moduleKey)].filter((key) => !entry.has(key)).map((key) => manifest[key]!.file);
    if (files.length > 0) headers.set(pagePath, files.map((file) => `</${file}>; rel=modulepreload`).join(', '));
  }
  return headers;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}

function wantsHtml(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * Longest file name the build writes is far below this; most file systems refuse names over 255
 * bytes (and whole paths over 4,096). Past it the static handler's file lookup fails with
 * ENAMETOOLONG, which it reports as a 403 'Forbidden' of its own, not as a miss: an unknown path
 * (an API one too, since the handler catches every GET) answered 403 BAD_REQUEST once it was long.
 */
const MAX_STATIC_SEGMENT_BYTES = 255;

/**
 * What the static handler may look up on disk: never an API path (an unknown one is a JSON 404,
 * whatever its length), and only names a file system can hold. Everything else goes straight to
 * the not-found handler below, so a miss answers the same however long the URL is.
 */
export function staticMayServe(pathname: string): boolean {
  if (isApiPath(pathname)) return false;
  return pathname.split('/').every((segment) => Buffer.byteLength(segment) <= MAX_STATIC_SEGMENT_BYTES);
}

/** The route @fastify/static serves every file through. */
const STATIC_WILDCARD = '/*';

function sendNotFound(reply: FastifyReply) {
  const body: ErrorBody = { detail: MESSAGES.notFound, code: 'NOT_FOUND' };
  return reply.status(404).send(body);
}

/** The shared-chat page (`/share/<token>`): never indexed or cached, and 404 when its link is dead. */
export interface SharedPageOptions {
  /** Whether the token still opens a chat (not revoked, chat not deleted). */
  isLive(token: string): Promise<boolean>;
  headers: Readonly<Record<string, string>>;
}

const SHARE_PAGE = /^\/share\/([^/?#]+)\/?(?:[?#].*)?$/;

/**
 * Serves the built app from `staticDir` when it exists (the API works without it). Unknown
 * non-API navigations get index.html so client-side routes survive a reload; unknown API
 * paths and other misses get a JSON 404. A shared chat's page is the same app, with headers that
 * keep it out of search engines and caches, and a 404 status (the page then says so) for a
 * revoked link or a deleted chat.
 */
export async function installStaticFiles(app: FastifyInstance, staticDir: string, sharedPage?: SharedPageOptions): Promise<void> {
  const hasApp = existsSync(path.join(staticDir, 'index.html')) && statSync(staticDir).isDirectory();
  const manifest = hasApp ? readManifest(staticDir) : null;
  const preloads = screenPreloads(manifest);
  const subresources = pageSubresources(manifest);
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: staticDir,
      index: ['index.html'],
      // The build writes .br and .gz next to each asset; serving them saves ~75 % of the bytes
      // on the first load without compressing on every request.
      preCompressed: true,
      // Cache-Control is set per file below.
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        // The build's own name for the file, also when the pre-compressed copy is sent.
        const file = path.relative(staticDir, filePath).split(path.sep).join('/').replace(/\.(br|gz)$/, '');
        reply.header('Cache-Control', cacheControlFor(file));
        if (subresources.has(file)) for (const header of DOCUMENT_ONLY_HEADERS) reply.removeHeader(header);
      },
    });
  }
  if (hasApp) {
    // Before the static handler's own file lookup (its spelling check answers 403 for names it
    // cannot stat): anything it must not or cannot serve is a miss like any other.
    app.addHook('onRequest', async (request, reply) => {
      if (request.routeOptions.url !== STATIC_WILDCARD) return;
      if (!staticMayServe(request.url.split('?')[0]!)) {
        reply.callNotFound();
        return reply;
      }
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    if (hasApp && !isApiPath(request.url) && wantsHtml(request)) {
      const shared = sharedPage && SHARE_PAGE.exec(request.url);
      if (shared) {
        // A lookup that fails (database down) still serves the page; the page's own call then says what is wrong.
        const live = await sharedPage.isLive(safeDecode(shared[1]!)).catch(() => true);
        // Sent as is rather than with sendFile, whose per-file Cache-Control would replace no-store.
        const html = await readFile(path.join(staticDir, 'index.html'));
        return reply.status(live ? 200 : 404).headers(sharedPage.headers).type('text/html; charset=utf-8').send(html);
      }
      const preload = preloads.get(request.url.split('?')[0]!);
      if (preload) reply.header('Link', preload);
      return reply.header('Cache-Control', REVALIDATE).type('text/html; charset=utf-8').sendFile('index.html');
    }
    return sendNotFound(reply);
  });
}
