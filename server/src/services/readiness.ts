/**
 * Whether this process should be sent traffic (GET /api/v1/health/ready, docs/deploy.md): not
 * while it starts, not once it has been told to stop (SIGTERM: it drains), and not while its
 * database does not answer. Liveness (GET /api/v1/health) says only that the process is up.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';

export type ReadinessState = 'starting' | 'ready' | 'draining';

export interface Readiness {
  state(): ReadinessState;
  /** Everything is registered (Fastify's onReady): the process may be sent traffic. */
  markReady(): void;
  /** Stopping: from now on readiness answers 503, whatever else happens. */
  markDraining(): void;
  /** Whether the database answers a trivial query within `databaseTimeoutMs` (READINESS_DATABASE_TIMEOUT_MS). */
  databaseAnswers(): Promise<boolean>;
}

export function createReadiness(db: Db, databaseTimeoutMs: number): Readiness {
  let state: ReadinessState = 'starting';
  return {
    state: () => state,
    markReady() {
      if (state === 'starting') state = 'ready';
    },
    markDraining() {
      state = 'draining';
    },
    async databaseAnswers() {
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), databaseTimeoutMs);
      });
      const answered = db.execute(sql`SELECT 1`).then(
        () => true,
        () => false,
      );
      try {
        return await Promise.race([answered, timedOut]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
