import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { Database } from './db/database';
import { loggerOptions, requestIdFor, type LogDestination } from './logging';
import { installApiHeaders } from './plugins/api-headers';
import { installAuth } from './plugins/auth';
import { installEdgeValidation } from './plugins/edge-validation';
import { installErrorHandler } from './plugins/error-handler';
import { frameworkErrors } from './plugins/framework-errors';
import { installOpenApi, registerOpenApiRoute } from './plugins/openapi';
import { installSecurityHeaders } from './plugins/security-headers';
import { RequestLogController } from './plugins/request-log';
import { installSpaceContext } from './plugins/space-context';
import { installStaticFiles } from './plugins/static-files';
import { SHARED_PAGE_HEADERS } from './routes/share/shares.routes';
import { isLiveShareToken } from './services/agents/share-links.service';
import type { AppDeps } from './app-deps';
import { registerApiRoutes } from './composition/api-routes';
import { buildAppDeps, closeAppDeps, releaseWorkInProgress } from './composition/build-deps';
import { registerJobWorkers, type JobWorkers } from './composition/job-workers';

export interface BuildAppOptions {
  config: AppConfig;
  /** Opened and migrated by the caller (server.ts, the CLI or a test). Not closed by the app. */
  database: Database;
  /** Log destination; stdout when omitted. */
  logStream?: LogDestination;
}

/** A hop count trusts that many proxies in front of this server (Fastify accepts it as a function). */
function trustProxySetting(value: AppConfig['trustProxy']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

/** Builds the whole server (API, security headers, static app) without listening. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  return (await composeApp(options)).app;
}

/** buildApp, also handing back the dependencies it built (tests look at storage, the waker, …). */
export async function composeApp({ config, database, logStream }: BuildAppOptions): Promise<{ app: FastifyInstance; deps: AppDeps }> {
  const requestLog = new RequestLogController(config.slowRequestMs);
  const app = Fastify({
    logger: loggerOptions(config, logStream),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: trustProxySetting(config.trustProxy),
    genReqId: requestIdFor,
    // Ids come from genReqId, which validates the incoming X-Request-ID first.
    requestIdHeader: false,
    // One line per answered request instead of Fastify's two, at warn when slow (plugins/request-log.ts).
    logController: requestLog,
    // '/spaces' and '/spaces/' are the same route (spec 000 §7 calls GET /spaces/).
    routerOptions: { ignoreTrailingSlash: true },
    // The router's own refusals (an over-long parameter, an undecodable URL) in the API's shape.
    frameworkErrors,
    // Registering the areas starts the job workers and their first queries; on a busy machine or a
    // slow database that passed Fastify's 10 s default without anything being wrong. A real hang
    // still stops the start, after a minute.
    pluginTimeout: 60_000,
  });

  requestLog.writeThrough(app.log);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installEdgeValidation(app);
  installApiHeaders(app);
  installSecurityHeaders(app);

  // Built once, here; routes get them as plugin options and job handlers as an argument.
  const deps = await buildAppDeps(config, database, app.log);
  let workers: JobWorkers | undefined;
  // preClose runs before the server stops taking connections: runs, documents and long polls let go
  // first; onClose runs after the last request, when nothing can send a job or a mail any more.
  // Readiness (GET /health/ready): ready once everything is registered, draining from the first step of closing.
  app.addHook('onReady', async () => deps.readiness.markReady());
  app.addHook('preClose', async () => {
    deps.readiness.markDraining();
    await releaseWorkInProgress(deps);
    await workers?.close();
  });
  app.addHook('onClose', () => closeAppDeps(deps));

  installAuth(app, deps.accessTokens, database.db);
  installSpaceContext(app, database.db);

  await installOpenApi(app);
  await registerApiRoutes(app, deps);
  // JOB_WORKERS=false keeps this process API-only; the jobs then run wherever workers are on.
  if (config.knowledge.runJobWorkers) workers = await registerJobWorkers(deps, app.log);
  registerOpenApiRoute(app);
  await installStaticFiles(app, config.staticDir, {
    isLive: (token) => isLiveShareToken(database.db, token),
    headers: SHARED_PAGE_HEADERS,
  });
  return { app, deps };
}
