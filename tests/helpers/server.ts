import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Role, User } from '../../src/contract/auth';
import type { Space } from '../../src/contract/spaces';
import { composeApp } from '../../server/src/app';
import type { AppDeps } from '../../server/src/app-deps';
import { loadConfig, type AppConfig } from '../../server/src/config';
import type { Database } from '../../server/src/db/database';
import { users } from '../../server/src/db/schema/index';
import { approveJoinRequest, listJoinRequests } from '../../server/src/services/join-requests.service';
import { holdDomainVerified } from './domain-claims';
import { openTestDatabase } from './server-database';
import { SUITE_LOG_LEVEL, recordIssuedSecrets, writeSuiteLog } from './server-log-sink';

export { testEngine } from './server-database';

export const API = '/api/v1';
/** Fixed in tests so a test can sign tokens the server must accept or reject. */
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';
export const TEST_PASSWORD = 'correct horse battery staple';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  /** What the app was built with (its storage, job queue, waker, …), for tests that look behind the API. */
  deps: AppDeps;
  /** Every log line written, when built with `captureLogs` (at level trace). */
  logs: string[];
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Environment overrides (same names as in production). */
  env?: Record<string, string>;
  captureLogs?: boolean;
  /** Reuse an open database instead of creating a fresh one (not closed by `close`). */
  database?: Database;
}

/** The real app on a fresh database (PGlite in memory, or PostgreSQL with TEST_DATABASE_URL). */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const fresh = options.database ? undefined : await openTestDatabase();
  const database = options.database ?? fresh!.database;
  const logs: string[] = [];
  // Files the app writes under DATA_DIR (the mail outbox, local storage) go to a folder of its own.
  const dataDir = options.env?.DATA_DIR ? undefined : await mkdtemp(path.join(tmpdir(), 'mosaic-app-'));
  const config = loadConfig({
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    JWT_SECRET: TEST_JWT_SECRET,
    // Always logged (to the run's log folder, scanned for secrets after the suite).
    LOG_LEVEL: options.captureLogs ? 'trace' : SUITE_LOG_LEVEL,
    STATIC_DIR: `/nonexistent-${randomUUID()}`,
    // High by default so suites can sign in freely; the rate-limit test lowers it.
    AUTH_RATE_LIMIT_MAX: '10000',
    // A retried agent run waits 1 s instead of production's 5 s; the schedule is the same.
    AGENT_RUN_RETRY_SECONDS: '1',
    ...options.env,
  });
  const { app, deps } = await composeApp({
    config,
    database,
    logStream: {
      write: (line: string) => {
        writeSuiteLog(line);
        if (options.captureLogs) logs.push(line);
      },
    },
  });
  recordIssuedSecrets(app);
  await app.ready();
  return {
    app,
    database,
    config,
    deps,
    logs,
    close: async () => {
      await app.close();
      await fresh?.dispose();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function uniqueEmail(domain = `${randomUUID().slice(0, 8)}.example.com`): string {
  return `user-${randomUUID().slice(0, 8)}@${domain}`;
}

export function authHeaders(accessToken: string, spaceId?: string): Record<string, string> {
  return { authorization: `Bearer ${accessToken}`, ...(spaceId ? { 'x-space-id': spaceId } : {}) };
}

export interface SignedIn {
  email: string;
  password: string;
  user: User;
  access_token: string;
  refresh_token: string;
}

export interface RegisteredOwner extends SignedIn {
  /** The organisation's default space ("General"). */
  defaultSpace: Space;
}

export function json<T>(response: LightMyRequestResponse): T {
  return response.json<T>();
}

/** Registers a new organisation through POST /register and returns its owner's session. */
export async function registerOwner(
  app: FastifyInstance,
  overrides: Partial<{ email: string; password: string; name: string; org_name: string }> = {},
): Promise<RegisteredOwner> {
  const body = {
    email: uniqueEmail(),
    password: TEST_PASSWORD,
    name: 'Ada Owner',
    org_name: 'Acme Marketing',
    ...overrides,
  };
  const response = await app.inject({ method: 'POST', url: `${API}/register`, payload: body });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  const session = response.json<Omit<SignedIn, 'email' | 'password'>>();
  const spaces = await app.inject({ method: 'GET', url: `${API}/spaces/`, headers: authHeaders(session.access_token) });
  const defaultSpace = spaces.json<{ data: Space[] }>().data.find((space) => space.is_default);
  if (!defaultSpace) throw new Error('registered organisation has no default space');
  return { ...session, email: body.email, password: body.password, defaultSpace };
}

export async function login(app: FastifyInstance, email: string, password = TEST_PASSWORD): Promise<SignedIn> {
  const response = await app.inject({ method: 'POST', url: `${API}/login`, payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return { ...response.json<Omit<SignedIn, 'email' | 'password'>>(), email, password };
}

/**
 * Test set-up only: gives an existing account another role (there is no endpoint for that yet)
 * and signs in again so the new token carries it.
 */
export async function signInWithRole(app: FastifyInstance, database: Database, email: string, role: Role): Promise<SignedIn> {
  await database.db.update(users).set({ role }).where(eq(users.email, email.toLowerCase()));
  return login(app, email);
}

/**
 * Adds a person to the owner's organisation the way the product does: a join request through
 * POST /register/with-domain (the organisation holding its domain verified, which joining by
 * domain needs), approved by the owner through the join-request service.
 */
export async function addMember(
  app: FastifyInstance,
  database: Database,
  owner: RegisteredOwner,
  role: Extract<Role, 'org_admin' | 'org_member'> = 'org_member',
): Promise<SignedIn> {
  const domain = owner.email.split('@')[1]!;
  await holdDomainVerified(database, owner.user.org_id!, domain);
  const email = uniqueEmail(domain);
  const response = await app.inject({
    method: 'POST',
    url: `${API}/register/with-domain`,
    payload: { email, password: TEST_PASSWORD, name: 'Mo Member', choice: 'join_existing' },
  });
  if (response.statusCode !== 202) throw new Error(`join request failed: ${response.statusCode} ${response.body}`);
  const decider = { userId: owner.user.id, role: owner.user.role, orgId: owner.user.org_id };
  const [request] = await listJoinRequests(database.db, owner.user.org_id!, 'pending');
  if (!request) throw new Error('join request not stored');
  await approveJoinRequest(database.db, request.id, decider);
  return role === 'org_member' ? login(app, email) : signInWithRole(app, database, email, role);
}
