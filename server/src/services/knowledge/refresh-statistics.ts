import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';

/**
 * Planner statistics for the passage tables after ingestion. PostgreSQL's autovacuum keeps them
 * fresh on its own; PGlite has no autovacuum, and without statistics the planner ranks whole
 * tables instead of using the GIN index (search at 10k passages went from ~10 ms to seconds).
 * ANALYZE runs 2 s after the last processed document (a bulk upload triggers it once, at the
 * end), and at least every 30 s during a long one. It samples, so it stays cheap at any size.
 */
const QUIET_MS = 2_000;
const MAX_WAIT_MS = 30_000;

let timer: ReturnType<typeof setTimeout> | null = null;
let firstPendingAt: number | null = null;

export function refreshStatisticsSoon(db: Db): void {
  const now = Date.now();
  firstPendingAt ??= now;
  if (timer) clearTimeout(timer);
  const delay = Math.max(0, Math.min(QUIET_MS, firstPendingAt + MAX_WAIT_MS - now));
  timer = setTimeout(() => {
    timer = null;
    firstPendingAt = null;
    // A closed database (shutdown, a finished test) only means the statistics wait for next time.
    db.execute(sql`ANALYZE kb_passages, kb_documents`).catch(() => {});
  }, delay);
  timer.unref?.();
}
