import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/src/db/database';
import { createTestDatabaseTarget, testEngine, type TestDatabaseTarget } from '../helpers/server-database';

/**
 * The embedded database's WebAssembly memory never shrinks, so the settings that bound how much
 * of it a server fills are what keep it under its footprint goal (docs/reliability.md,
 * "Footprint"). PostgreSQL is tuned by its operators and is not checked here.
 */
describe.skipIf(testEngine !== 'pglite')('the embedded database’s memory settings', () => {
  let target: TestDatabaseTarget;
  let database: Database;
  beforeAll(async () => {
    target = await createTestDatabaseTarget();
    database = await openDatabase(target.target);
  });
  afterAll(async () => {
    await database?.close();
    await target?.dispose();
  });

  it('keeps a 16 MB buffer pool and samples 3,000 rows for ANALYZE', async () => {
    const result = await database.db.execute(
      sql`SELECT current_setting('shared_buffers') AS buffers, current_setting('default_statistics_target') AS target`,
    );
    const [row] = (result as unknown as { rows: { buffers: string; target: string }[] }).rows;
    // ANALYZE samples 300 rows per unit of the target and holds the sample in memory.
    expect(row).toEqual({ buffers: '16MB', target: '10' });
  });
});
