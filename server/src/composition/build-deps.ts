/**
 * The composition root: every long-lived dependency of the server is built here, once per app, in
 * the order they need each other, and closed here in the reverse order. Nothing else constructs
 * them: routes get them as plugin options, job handlers as the argument of registerJobWorkers.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../app-deps';
import type { AppConfig } from '../config';
import type { Database } from '../db/database';
import { startJobQueue } from '../jobs/job-queue';
import { createMailService } from '../mail/mail-service';
import { createReadiness } from '../services/readiness';
import { createPaymentProviders } from '../payments/index';
import { RATE_LIMIT_WINDOW_MS } from '../plugins/rate-limit';
import { RateLimitStore } from '../plugins/rate-limit-store';
import { AccessTokens } from '../services/access-tokens';
import { createAgentModeRuntime } from '../services/agent-mode/runtime';
import { createAgentRuntime } from '../services/agents/runtime';
import { createRunWaker } from '../services/leased-runs/waker';
import { createStreamHub } from '../services/leased-runs/stream-hub';
import { createGa4Services } from '../services/ga4/ga4-context';
import { llmCategoriserFor } from '../services/knowledge/llm-categoriser';
import { createSemanticIndex } from '../services/knowledge/semantic-index';
import { resolveJwtSecret } from '../services/jwt-secret';
import { createNotifier } from '../services/notifications/notifier';
import { resolveVapidKeys } from '../services/notifications/vapid-keys';
import { resolveWithDns } from '../push/endpoint-address';
import { createWebPushSender } from '../push/web-push-sender';
import { resolveSuccessorKey } from '../services/refresh-tokens';
import { SessionService } from '../services/sessions.service';
import { createStorageServices } from '../storage/index';
import { OidcClients } from '../services/sso/oidc-client';
import { dnsTxtLookup } from '../services/domains/dns-txt';
import { resolveSsoSecretCipher } from '../services/sso/sso-keys';

export async function buildAppDeps(config: AppConfig, database: Database, log: FastifyBaseLogger): Promise<AppDeps> {
  const { db } = database;
  const accessTokens = new AccessTokens(await resolveJwtSecret(db, config.jwtSecret), config.accessTokenTtlSeconds);
  const sessions = new SessionService(db, accessTokens, {
    successorKey: await resolveSuccessorKey(db),
    refreshTtlDays: config.refreshTokenTtlDays,
    graceSeconds: config.refreshReuseGraceSeconds,
  });
  // Knowledge base: file storage and the durable job queue; see docs/knowledge.md.
  const storage = await createStorageServices(db, config.knowledge, log);
  const jobs = await startJobQueue(database, {
    maintenanceIntervalSeconds: config.knowledge.jobMaintenanceIntervalSeconds,
    onError: (error) => log.error({ err: error }, 'job queue error'),
  });
  const mail = createMailService(config.mail, log);
  // Hybrid knowledge search when an embedding provider and pgvector are there (never throws; else full-text).
  const semanticIndex = await createSemanticIndex(db, config.llm, (message, err) => log.warn({ err }, message));
  const ga4 = await createGa4Services(database, config);
  const waker = await createRunWaker(database, log.child({ area: 'agents' }));
  const streams = await createStreamHub(database, log.child({ area: 'agents' }));
  // Web Push with VAPID keys from the environment or generated once and kept in app_secrets.
  const notifications = createNotifier({
    db,
    push: createWebPushSender({
      keys: await resolveVapidKeys(db, config.push.vapidKeys),
      subject: config.push.subject,
      allowPrivateEndpoints: config.push.allowPrivateEndpoints,
    }),
    endpointPolicy: { allowHttp: config.push.allowHttpEndpoints, allowPrivate: config.push.allowPrivateEndpoints, resolve: resolveWithDns },
    log: log.child({ area: 'notifications' }),
  });
  const agents = createAgentRuntime({ config, db, jobs, waker, streams, ga4: ga4.ctx, semanticIndex, notifications, log });
  // Agent Mode shares the chat's waker and stream hub: one LISTEN/NOTIFY mechanism for both.
  const agentMode = createAgentModeRuntime({ config, db, jobs, waker, streams, ga4: ga4.ctx, semanticIndex, notifications, log });
  return {
    config,
    readiness: createReadiness(db, config.readinessDatabaseTimeoutMs),
    database,
    db,
    accessTokens,
    sessions,
    rateLimits: new RateLimitStore(db, RATE_LIMIT_WINDOW_MS),
    ...storage,
    jobs,
    mail,
    payments: createPaymentProviders(config.stripe),
    ga4,
    semanticIndex,
    // With a model configured it files documents; offline the keyword classifier decides.
    llmCategoriser: llmCategoriserFor(config.llm),
    waker,
    streams,
    agents,
    agentMode,
    notifications,
    sso: {
      db,
      cipher: await resolveSsoSecretCipher(db, config),
      clients: new OidcClients(config.sso),
      allowHttpIssuers: config.sso.allowHttpIssuers,
    },
    dnsTxt: dnsTxtLookup(config.dnsResolver),
  };
}

/**
 * First step of closing (Fastify's preClose, before the server stops taking connections): agent
 * runs and Agent Mode runs in progress here let go (their lease passes them to another process), then waiting long
 * polls are woken so they answer instead of holding the close up.
 */
export async function releaseWorkInProgress(deps: AppDeps): Promise<void> {
  await deps.agents.close();
  await deps.agentMode.close();
  await deps.agents.streams.close();
  await deps.waker.close();
}

/**
 * Last step (onClose, after the last request): the queue stops once its running handlers finish,
 * then the sweeper and the mailer (which waits for messages still being sent). The database is
 * closed afterwards by whoever opened it.
 */
export async function closeAppDeps(deps: AppDeps): Promise<void> {
  await deps.jobs.stop();
  // Pushes started by runs that just ended (notifyInBackground) finish before the database closes.
  await deps.notifications.close();
  deps.uploadSweeper.stop();
  await deps.mail.close();
}
