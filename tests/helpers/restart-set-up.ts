/**
 * For tests of a server process that stops and another that takes its work over: each test gets a
 * migrated database of its own, which outlives the apps opened on it, and the model stand-in; both
 * are closed after the test, with whatever the test adds to `cleanups` (its apps), last first.
 */
import { afterEach } from 'vitest';
import { openDatabase, type Database } from '../../server/src/db/database';
import { startFakeOpenAi, type FakeOpenAi, type FakeOpenAiBehaviour } from './fake-openai';
import { createTestDatabaseTarget } from './server-database';

export interface DatabaseAndModelPerTest {
  /** Run after the test, last first. */
  cleanups: (() => Promise<void>)[];
  /** The test's database (migrated) and model stand-in (behaving as given), both closed after it. */
  setUp(): Promise<{ database: Database; fake: FakeOpenAi }>;
}

/** Call inside the describe block whose tests restart servers. */
export function databaseAndModelPerTest(behaviour: FakeOpenAiBehaviour = {}): DatabaseAndModelPerTest {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return {
    cleanups,
    async setUp() {
      const target = await createTestDatabaseTarget();
      const database = await openDatabase(target.target);
      await database.migrate();
      const fake = await startFakeOpenAi(behaviour);
      cleanups.push(async () => {
        await fake.close();
        await database.close();
        await target.dispose();
      });
      return { database, fake };
    },
  };
}
