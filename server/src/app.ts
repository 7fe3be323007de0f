import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { Database } from './db/database';
import { loggerOptions, requestIdFor, type LogDestination } from './logging';
import { installApiHeaders } from './plugins/api-headers';
import { installAuth } from './plugins/auth';
import { installEdgeValidation } from './plugins/edge-validation';
import { installErrorHandler } from './plugins/error-handler';
import { installOpenApi, registerOpenApiRoute } from './plugins/openapi';
import { installRateLimiting } from './plugins/rate-limit';
import { installSecurityHeaders } from './plugins/security-headers';
import { installSpaceContext } from './plugins/space-context';
import { installStaticFiles } from './plugins/static-files';
import { registerJobWorkers } from './jobs/index';
import { installJobQueue } from './jobs/fastify-jobs';
import { registerApiRoutes } from './routes/index';
import { AccessTokens } from './services/access-tokens';
import { resolveJwtSecret } from './services/jwt-secret';
import { resolveSuccessorKey } from './services/refresh-tokens';
import { SessionService } from './services/sessions.service';
import { installObjectStorage } from './storage/fastify-storage';
import { installMail } from './mail/fastify-mail';

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
export async function buildApp({ config, database, logStream }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, logStream),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: trustProxySetting(config.trustProxy),
    genReqId: requestIdFor,
    // Ids come from genReqId, which validates the incoming X-Request-ID first.
    requestIdHeader: false,
    // '/spaces' and '/spaces/' are the same route (spec 000 §7 calls GET /spaces/).
    routerOptions: { ignoreTrailingSlash: true },
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installEdgeValidation(app);
  installApiHeaders(app);
  await installSecurityHeaders(app);
  installRateLimiting(app, database.db);

  const accessTokens = new AccessTokens(
    await resolveJwtSecret(database.db, config.jwtSecret),
    config.accessTokenTtlSeconds,
  );
  const sessions = new SessionService(database.db, accessTokens, {
    successorKey: await resolveSuccessorKey(database.db),
    refreshTtlDays: config.refreshTokenTtlDays,
    graceSeconds: config.refreshReuseGraceSeconds,
  });
  installAuth(app, accessTokens, database.db);
  installSpaceContext(app, database.db);

  await installOpenApi(app);
  // Knowledge base: file storage and the durable job queue (app.storage, app.jobs); see docs/knowledge.md.
  const storage = await installObjectStorage(app, config, database.db);
  await installJobQueue(app, config, database);
  installMail(app, config.mail);
  await registerApiRoutes(app, { config, db: database.db, sessions });
  // JOB_WORKERS=false keeps this process API-only; the jobs then run wherever workers are on.
  if (config.knowledge.runJobWorkers) await registerJobWorkers(app, { config, db: database.db, database, storage });
  registerOpenApiRoute(app);
  await installStaticFiles(app, config.staticDir);
  return app;
}
