/**
 * Child process for the restart test: picks up one job, writes a marker when its handler has
 * started, and then hangs until it is killed (SIGKILL, so nothing is cleaned up).
 * Env: JOBS_TARGET (a DatabaseTarget as JSON), JOBS_MARKER (file to write), JOBS_QUEUE.
 */
import { writeFile } from 'node:fs/promises';
import { openDatabase, type DatabaseTarget } from '../../server/src/db/database';
import { startJobQueue } from '../../server/src/jobs/job-queue';

async function main(): Promise<void> {
  const database = await openDatabase(JSON.parse(process.env.JOBS_TARGET!) as DatabaseTarget);
  const queue = await startJobQueue(database, { pollingIntervalSeconds: 0.5 });
  await queue.work(process.env.JOBS_QUEUE!, async (job) => {
    await writeFile(process.env.JOBS_MARKER!, job.id);
    await new Promise(() => {});
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
