/**
 * Everything the routes and the job handlers use that outlives a request: built once at start by
 * the composition root (composition/build-deps.ts) and handed on one way, as plugin options to
 * route plugins (routes/deps.ts) and as the argument of registerJobWorkers. Adding a dependency:
 * docs/server.md, "Adding a dependency".
 *
 * Types only: route and service folders import this file, and it imports none of their code.
 */
import type { AppConfig } from './config';
import type { Readiness } from './services/readiness';
import type { Database, Db } from './db/database';
import type { JobQueue } from './jobs/job-queue';
import type { MailService } from './mail/mail-service';
import type { PaymentProviders } from './payments/index';
import type { RateLimitStore } from './plugins/rate-limit-store';
import type { AccessTokens } from './services/access-tokens';
import type { AgentModeRuntime } from './services/agent-mode/runtime';
import type { AgentRuntime } from './services/agents/runtime';
import type { StreamHub } from './services/leased-runs/stream-hub';
import type { RunWaker } from './services/leased-runs/waker';
import type { DnsTxtLookup } from './services/domains/dns-txt';
import type { Ga4Services } from './services/ga4/ga4-context';
import type { LlmCategoriser } from './services/knowledge/categorise';
import type { SemanticIndex } from './services/knowledge/semantic-index';
import type { Notifier } from './services/notifications/notifier';
import type { SessionService } from './services/sessions.service';
import type { SsoDeps } from './services/sso/sso-settings.service';
import type { StorageServices } from './storage/index';

export interface AppDeps extends StorageServices {
  config: AppConfig;
  /** Whether this process should be sent traffic (GET /health/ready): starting, ready, draining. */
  readiness: Readiness;
  /** The handle itself (engine, locks, notifications); opened and closed by whoever built the app. */
  database: Database;
  /** `database.db`: the query builder every service takes. */
  db: Db;
  accessTokens: AccessTokens;
  sessions: SessionService;
  /** Shared (database) rate-limit counters for the sign-in-like routes (plugins/rate-limit.ts). */
  rateLimits: RateLimitStore;
  /** The durable job queue (pg-boss) in the app's database. */
  jobs: JobQueue;
  /** Outgoing mail (docs/email.md): SMTP when SMTP_URL is set, else the DATA_DIR/outbox folder. */
  mail: MailService;
  /** Demo payments, or Stripe when it is configured (docs/billing.md). */
  payments: PaymentProviders;
  /** GA4 context and keys: one token cipher and one set of analytics providers for routes and agent runs. */
  ga4: Ga4Services;
  /** Hybrid knowledge search when an embedding provider and pgvector are there; null → full-text. */
  semanticIndex: SemanticIndex | null;
  /** Files documents with the configured model; undefined offline (the keyword classifier decides). */
  llmCategoriser: LlmCategoriser | undefined;
  /** Wakes chat long polls, run streams and document-status streams, across processes on PostgreSQL. */
  waker: RunWaker;
  /**
   * Text being written and stop requests, across processes on PostgreSQL; once it closes, open
   * event streams (replies, Agent Mode runs, document statuses) end and their clients poll.
   */
  streams: StreamHub;
  /** Agent runs: queueing, runs in progress here, cancelling, recovery. */
  agents: AgentRuntime;
  /** Agent Mode runs: queueing, runs in progress here, stopping, recovery (docs/agent-mode.md). */
  agentMode: AgentModeRuntime;
  /**
   * Telling a person something finished (docs/pwa.md "Notifications"): `notifications.notifyUser`
   * records the in-app notification and pushes it to each of their subscribed devices.
   */
  notifications: Notifier;
  /** Single sign-on: the cipher sealing client secrets and the OpenID client (docs/sso.md). */
  sso: SsoDeps;
  /** TXT look-ups that prove an organisation's email domain (DNS_RESOLVER; docs/sso.md "Domain verification"). */
  dnsTxt: DnsTxtLookup;
}
