import path from 'node:path';
import { z } from 'zod';

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

const envSchema = z.object({
  PORT: optional(z.coerce.number().int().min(0).max(65_535)).default(8080),
  HOST: optional(z.string()).default('0.0.0.0'),
  DATA_DIR: optional(z.string()).default('./data'),
  DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/, error: 'DATABASE_URL must be a postgres:// URL' })),
  JWT_SECRET: optional(z.string().min(32, 'JWT_SECRET must be at least 32 characters')),
  // Access tokens live at most 15 minutes: a stolen one is useful only briefly.
  ACCESS_TOKEN_TTL_SECONDS: optional(z.coerce.number().int().min(1).max(900)).default(900),
  REFRESH_TOKEN_TTL_DAYS: optional(z.coerce.number().int().min(1).max(365)).default(30),
  AUTH_RATE_LIMIT_MAX: optional(z.coerce.number().int().min(1)).default(10),
  BODY_LIMIT_BYTES: optional(z.coerce.number().int().min(1024)).default(MIB),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS)).default('info'),
  STATIC_DIR: optional(z.string()).default('./dist'),
  TRUST_PROXY: optional(trustProxy).default(false),
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
  authRateLimitMax: number;
  bodyLimitBytes: number;
  logLevel: (typeof LOG_LEVELS)[number];
  staticDir: string;
  trustProxy: boolean | number | string[];
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
    authRateLimitMax: values.AUTH_RATE_LIMIT_MAX,
    bodyLimitBytes: values.BODY_LIMIT_BYTES,
    logLevel: values.LOG_LEVEL,
    staticDir: path.resolve(values.STATIC_DIR),
    trustProxy: values.TRUST_PROXY,
  };
}
