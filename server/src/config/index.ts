import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { ga4ConfigFrom, ga4EnvShape, type Ga4Config } from '../ga4/env';
import { ssoConfigFrom, ssoEnvShape, type SsoConfig } from '../sso/env';
import { assetsConfigFrom, assetsEnvShape, type AssetsConfig } from './assets-env';
import { agentRunConfigFrom, llmConfigFrom, llmEnvShape, type AgentRunConfig } from '../llm/env';
import type { ExtractionLimits } from './extraction-limits';
import type { LlmConfig } from '../llm/types';
import { stripeConfigFrom, stripeEnvProblems, stripeEnvShape, type StripeConfig } from '../payments/stripe-env';
import { pushConfigFrom, pushEnvProblems, pushEnvShape, type PushConfig } from '../push/env';

/** Log levels pino understands; 'silent' turns logging off (useful for benchmarks). */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const MIB = 1024 * 1024;

/** Empty strings in the environment mean "not set", so defaults apply. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/**
 * TRUST_PROXY follows Fastify's trustProxy: 'true'/'false', a hop count, or a comma-separated
 * list of addresses/CIDRs of the proxies to trust.
 */
const trustProxy = z.string().transform((value): boolean | number | string[] => {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
});

/** 'true'/'false' (also 1/0, yes/no) as a boolean. */
const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const DNS_RESOLVER_FORMAT = 'DNS_RESOLVER must be an IP address with an optional port, like 127.0.0.1:5353 or [::1]:53';

/**
 * DNS_RESOLVER: the DNS server that domain verification asks for TXT records, as node's resolver
 * takes it ('192.0.2.1:5353', '[2001:db8::1]:53'). An address, not a host name: finding the
 * resolver must not itself need DNS. Unset → the system's resolvers.
 */
const dnsResolverAddress = z.string().transform((value, context) => {
  const text = value.trim();
  // '[v6]:port' or '[v6]'; a bare address (v4 or v6) takes port 53; else 'v4:port'.
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  const withPort = /^([^:]+):(\d+)$/.exec(text);
  const [host, port] = bracketed ? [bracketed[1]!, bracketed[2]] : isIP(text) ? [text, undefined] : [withPort?.[1] ?? '', withPort?.[2]];
  const portNumber = Number(port ?? 53);
  const family = isIP(host);
  if (family === 0 || !Number.isInteger(portNumber) || portNumber < 1 || portNumber > 65_535) {
    context.addIssue({ code: 'custom', message: DNS_RESOLVER_FORMAT });
    return z.NEVER;
  }
  return family === 6 ? `[${host}]:${portNumber}` : `${host}:${portNumber}`;
});

const envSchema = z.object({
  PORT: optional(z.coerce.number().int().min(0).max(65_535)).default(8080),
  HOST: optional(z.string()).default('0.0.0.0'),
  DATA_DIR: optional(z.string()).default('./data'),
  DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/, error: 'DATABASE_URL must be a postgres:// URL' })),
  JWT_SECRET: optional(z.string().min(32, 'JWT_SECRET must be at least 32 characters')),
  // Access tokens live at most 15 minutes: a stolen one is useful only briefly.
  ACCESS_TOKEN_TTL_SECONDS: optional(z.coerce.number().int().min(1).max(900)).default(900),
  REFRESH_TOKEN_TTL_DAYS: optional(z.coerce.number().int().min(1).max(365)).default(30),
  // A rotated refresh token presented again this soon gets the same successor (retries, two tabs).
  REFRESH_REUSE_GRACE_SECONDS: optional(z.coerce.number().int().min(0).max(300)).default(30),
  AUTH_RATE_LIMIT_MAX: optional(z.coerce.number().int().min(1)).default(10),
  // Platform admin area: reads per minute per admin; actions get a quarter of it (docs/admin.md).
  ADMIN_RATE_LIMIT_MAX: optional(z.coerce.number().int().min(4)).default(120),
  BODY_LIMIT_BYTES: optional(z.coerce.number().int().min(1024)).default(MIB),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS)).default('info'),
  SLOW_REQUEST_MS: optional(z.coerce.number().int().min(0)).default(2000),
  EVENT_LOOP_STALL_MS: optional(z.coerce.number().int().min(0)).default(1000),
  // On SIGTERM: seconds of answering "not ready" while still serving, before closing (docs/deploy.md).
  SHUTDOWN_DRAIN_SECONDS: optional(z.coerce.number().min(0).max(120)).default(0),
  // Readiness counts the database as not answering when SELECT 1 takes longer than this.
  READINESS_DATABASE_TIMEOUT_MS: optional(z.coerce.number().int().min(100).max(60_000)).default(2000),
  STATIC_DIR: optional(z.string()).default('./dist'),
  TRUST_PROXY: optional(trustProxy).default(false),
  // Knowledge base and background jobs (docs/knowledge.md).
  JOB_WORKERS: optional(booleanText).default(true),
  JOB_MAINTENANCE_INTERVAL_SECONDS: optional(z.coerce.number().int().min(1).max(3600)).default(60),
  KB_MAX_UPLOAD_BYTES: optional(z.coerce.number().int().min(1)).default(100 * MIB),
  // Signed upload URLs live 15 minutes: long enough for a slow upload to start, short if leaked.
  KB_UPLOAD_URL_TTL_SECONDS: optional(z.coerce.number().int().min(10).max(7 * 24 * 3600)).default(900),
  UPLOAD_SIGNING_SECRET: optional(z.string().min(32, 'UPLOAD_SIGNING_SECRET must be at least 32 characters')),
  STORAGE_DIR: optional(z.string()),
  S3_BUCKET: optional(z.string()),
  S3_REGION: optional(z.string()).default('us-east-1'),
  S3_ENDPOINT: optional(z.url({ error: 'S3_ENDPOINT must be a URL' })),
  S3_ACCESS_KEY_ID: optional(z.string()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  S3_FORCE_PATH_STYLE: optional(booleanText).default(false),
  // Reading documents in the sandbox, and taking over documents of a dead process (docs/knowledge.md "Limits").
  KB_EXTRACT_MAX_INPUT_BYTES: optional(z.coerce.number().int().min(1)).default(100 * MIB),
  KB_EXTRACT_MAX_UNPACKED_BYTES: optional(z.coerce.number().int().min(1)).default(10 * MIB),
  KB_EXTRACT_MAX_ARCHIVE_ENTRIES: optional(z.coerce.number().int().min(1)).default(5_000),
  KB_EXTRACT_MAX_PDF_PAGES: optional(z.coerce.number().int().min(1)).default(2_000),
  KB_EXTRACT_MAX_TEXT_CHARS: optional(z.coerce.number().int().min(1)).default(10_000_000),
  KB_EXTRACT_MAX_MEMORY_MB: optional(z.coerce.number().int().min(64).max(65_536)).default(512),
  KB_EXTRACT_TIMEOUT_SECONDS: optional(z.coerce.number().positive().max(3600)).default(120),
  KB_PROCESSING_LEASE_SECONDS: optional(z.coerce.number().min(1).max(3600)).default(60),
  // LLM providers and agent runs (docs/agents.md).
  ...llmEnvShape,
  // Creative Assets: upload limit, thumbnail limits, download links (docs/assets.md).
  ...assetsEnvShape,
  // Google Analytics 4 (docs/analytics.md).
  ...ga4EnvShape,
  // Outgoing mail: invite links and account notices (docs/email.md).
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: 'SMTP_URL must be an smtp:// or smtps:// URL' })),
  MAIL_FROM: optional(z.string().regex(/@/, 'MAIL_FROM must hold an email address, like Mosaic <mosaic@example.com>')).default(
    'Mosaic <mosaic@localhost>',
  ),
  // Stripe payments (docs/billing.md).
  ...stripeEnvShape,
  // Web Push: VAPID keys and subject (docs/pwa.md "Notifications").
  ...pushEnvShape,
  // Single sign-on with organisations' OpenID Connect providers (docs/sso.md).
  ...ssoEnvShape,
  // Where domain verification looks up TXT records (docs/sso.md "Domain verification").
  DNS_RESOLVER: optional(dnsResolverAddress),
});

export type Env = z.input<typeof envSchema>;

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Set → node-postgres; unset → embedded PGlite in `pgliteDir`. */
  databaseUrl: string | undefined;
  pgliteDir: string;
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  /** Seconds after a rotation in which the old refresh token still yields the same successor. */
  refreshReuseGraceSeconds: number;
  authRateLimitMax: number;
  /** Admin area requests a minute per admin (reads); actions a quarter of it. */
  adminRateLimitMax: number;
  bodyLimitBytes: number;
  logLevel: (typeof LOG_LEVELS)[number];
  /** A request slower than this is logged at warn with its route; 0 turns it off. */
  slowRequestMs: number;
  /** The event loop held this long or longer is logged at warn (event-loop-watch.ts); 0 turns it off. */
  eventLoopStallMs: number;
  /** On SIGTERM, how long readiness says "draining" while requests are still served, before the close. */
  shutdownDrainMs: number;
  /** GET /health/ready: how long the database may take to answer SELECT 1. */
  readinessDatabaseTimeoutMs: number;
  staticDir: string;
  trustProxy: boolean | number | string[];
  /** Knowledge base and background jobs (docs/knowledge.md). */
  knowledge: KnowledgeConfig;
  /** LLM providers (docs/agents.md); none configured → the offline engine answers. */
  llm: LlmConfig;
  /** Creative Assets (docs/assets.md). */
  assets: AssetsConfig;
  /** Agent runs: long-poll hold, run lease, attempts (docs/agents.md). */
  agentRuns: AgentRunConfig;
  /** Google Analytics 4: real Google when an OAuth client is set, else the demo source (docs/analytics.md). */
  ga4: Ga4Config;
  /** Outgoing mail (docs/email.md). */
  mail: MailConfig;
  /** Stripe Checkout when both keys are set; unset → demo payments (docs/billing.md). */
  stripe: StripeConfig | undefined;
  /** Web Push (docs/pwa.md "Notifications"): VAPID keys from the environment or the database. */
  push: PushConfig;
  /** Single sign-on: the key sealing providers' client secrets, http issuers, call time-out (docs/sso.md). */
  sso: SsoConfig;
  /** The DNS server ('address:port') that domain verification asks; undefined → the system's resolvers. */
  dnsResolver: string | undefined;
}

/** SMTP when `smtpUrl` is set; otherwise every message is written to `outboxDir` as an .eml file. */
export interface MailConfig {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  /** PUBLIC_URL without a trailing slash; unset → links are built from the request's origin. */
  publicUrl: string | undefined;
}

/** S3-compatible object storage; set S3_BUCKET to use it instead of the local disk. */
export interface S3Config {
  bucket: string;
  region: string;
  /** Unset → AWS; set for MinIO, R2, etc. */
  endpoint: string | undefined;
  /** Unset → the AWS SDK's default credential chain. */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

export interface KnowledgeConfig {
  /** false → this process only enqueues; other processes run the jobs. */
  runJobWorkers: boolean;
  /** How often active jobs past their expiry (a killed process) are swept back to retry. */
  jobMaintenanceIntervalSeconds: number;
  maxUploadBytes: number;
  uploadUrlTtlSeconds: number;
  /** Unset → a key generated once and kept in the database (app_secrets). */
  uploadSigningSecret: string | undefined;
  /** Local-disk object storage root. */
  storageDir: string;
  s3: S3Config | undefined;
  /** Limits on reading one document in the sandbox (config/extraction-limits.ts). */
  extraction: ExtractionLimits;
  /** A processing document whose worker stops renewing this lease is taken over (document-lease.ts). */
  processingLeaseMs: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and checks every environment variable once; throws a ConfigError listing every problem. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${problems.join('\n')}`);
  }
  const values = parsed.data;
  const crossProblems = [...stripeEnvProblems(values), ...pushEnvProblems(values)];
  if (crossProblems.length > 0) throw new ConfigError(`Invalid environment configuration:\n${crossProblems.map((problem) => `  ${problem}`).join('\n')}`);
  const dataDir = path.resolve(values.DATA_DIR);
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    pgliteDir: path.join(dataDir, 'pglite'),
    jwtSecret: values.JWT_SECRET,
    accessTokenTtlSeconds: values.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: values.REFRESH_TOKEN_TTL_DAYS,
    refreshReuseGraceSeconds: values.REFRESH_REUSE_GRACE_SECONDS,
    authRateLimitMax: values.AUTH_RATE_LIMIT_MAX,
    adminRateLimitMax: values.ADMIN_RATE_LIMIT_MAX,
    bodyLimitBytes: values.BODY_LIMIT_BYTES,
    logLevel: values.LOG_LEVEL,
    slowRequestMs: values.SLOW_REQUEST_MS,
    eventLoopStallMs: values.EVENT_LOOP_STALL_MS,
    shutdownDrainMs: values.SHUTDOWN_DRAIN_SECONDS * 1000,
    readinessDatabaseTimeoutMs: values.READINESS_DATABASE_TIMEOUT_MS,
    staticDir: path.resolve(values.STATIC_DIR),
    trustProxy: values.TRUST_PROXY,
    knowledge: {
      runJobWorkers: values.JOB_WORKERS,
      jobMaintenanceIntervalSeconds: values.JOB_MAINTENANCE_INTERVAL_SECONDS,
      maxUploadBytes: values.KB_MAX_UPLOAD_BYTES,
      uploadUrlTtlSeconds: values.KB_UPLOAD_URL_TTL_SECONDS,
      uploadSigningSecret: values.UPLOAD_SIGNING_SECRET,
      storageDir: path.resolve(values.STORAGE_DIR ?? path.join(dataDir, 'storage')),
      s3: values.S3_BUCKET
        ? {
            bucket: values.S3_BUCKET,
            region: values.S3_REGION,
            endpoint: values.S3_ENDPOINT,
            accessKeyId: values.S3_ACCESS_KEY_ID,
            secretAccessKey: values.S3_SECRET_ACCESS_KEY,
            forcePathStyle: values.S3_FORCE_PATH_STYLE,
          }
        : undefined,
      extraction: {
        maxInputBytes: values.KB_EXTRACT_MAX_INPUT_BYTES,
        maxUnpackedBytes: values.KB_EXTRACT_MAX_UNPACKED_BYTES,
        maxArchiveEntries: values.KB_EXTRACT_MAX_ARCHIVE_ENTRIES,
        maxPdfPages: values.KB_EXTRACT_MAX_PDF_PAGES,
        maxTextChars: values.KB_EXTRACT_MAX_TEXT_CHARS,
        maxMemoryMb: values.KB_EXTRACT_MAX_MEMORY_MB,
        timeoutSeconds: values.KB_EXTRACT_TIMEOUT_SECONDS,
      },
      processingLeaseMs: Math.round(values.KB_PROCESSING_LEASE_SECONDS * 1000),
    },
    llm: llmConfigFrom(values),
    assets: assetsConfigFrom(values),
    agentRuns: agentRunConfigFrom(values),
    ga4: ga4ConfigFrom(values),
    sso: ssoConfigFrom(values),
    mail: {
      smtpUrl: values.SMTP_URL,
      from: values.MAIL_FROM,
      outboxDir: path.join(dataDir, 'outbox'),
      publicUrl: values.PUBLIC_URL?.replace(/\/+$/, ''),
    },
    stripe: stripeConfigFrom(values),
    push: pushConfigFrom(values),
    dnsResolver: values.DNS_RESOLVER,
  };
}
