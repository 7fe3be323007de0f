import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../errors';
import type { ErrorBody } from './error-handler';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Hashed build output never changes under one name; everything else must be revalidated. */
function cacheControlFor(filePath: string, root: string): string {
  const relative = path.relative(root, filePath).split(path.sep).join('/');
  return relative.startsWith('assets/') ? IMMUTABLE : REVALIDATE;
}

function wantsHtml(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

function sendNotFound(reply: FastifyReply) {
  const body: ErrorBody = { detail: MESSAGES.notFound, code: 'NOT_FOUND' };
  return reply.status(404).send(body);
}

/**
 * Serves the built app from `staticDir` when it exists (the API works without it). Unknown
 * non-API navigations get index.html so client-side routes survive a reload; unknown API
 * paths and other misses get a JSON 404.
 */
export async function installStaticFiles(app: FastifyInstance, staticDir: string): Promise<void> {
  const hasApp = existsSync(path.join(staticDir, 'index.html')) && statSync(staticDir).isDirectory();
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
        reply.header('Cache-Control', cacheControlFor(filePath, staticDir));
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (hasApp && !isApiPath(request.url) && wantsHtml(request)) {
      return reply.header('Cache-Control', REVALIDATE).type('text/html; charset=utf-8').sendFile('index.html');
    }
    return sendNotFound(reply);
  });
}
