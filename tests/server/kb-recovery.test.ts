/**
 * A document whose process died mid-processing is taken over once its lease lapses (within two
 * minutes, not pg-boss's fifteen), gets one more attempt, and after a second interruption ends
 * in error instead of being tried on server after server. A dead process is simulated the way
 * it looks in the database: the document claimed and never renewed, its job left active, and the
 * clock moved past the lease (timestamps shifted back, no sleeping).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/src/db/database';
import { kbDocuments } from '../../server/src/db/schema/index';
import { claimDocument } from '../../server/src/services/knowledge/document-lease';
import { registerOwner } from '../helpers/server';
import { openTestDatabase } from '../helpers/server-database';
import { BRAND_GUIDELINES, EMAIL_CAMPAIGN, MIME } from './kb-fixtures';
import { createKbTestApp, uploadFile, waitForProcessed, type Caller } from './kb-helpers';
import { largeDocx } from './kb-limit-fixtures';

const LEASE_MS = 60_000;
const MIB = 1024 * 1024;

/** What a process killed while reading the document leaves behind: its job active, the document claimed. */
async function dieWhileProcessing(database: Database, documentId: string): Promise<void> {
  await database.db.execute(
    sql`UPDATE pgboss.job SET state = 'active', started_on = now() WHERE name = 'kb-process-document' AND data->>'documentId' = ${documentId}`,
  );
  expect((await claimDocument(database.db, documentId, LEASE_MS)).kind).toBe('claimed');
}

/** Moves the document's clock forward past its lease (the process is gone, nobody renews). */
async function letLeaseLapse(database: Database, documentId: string): Promise<void> {
  await database.db
    .update(kbDocuments)
    .set({ leaseUntil: sql`${kbDocuments.leaseUntil} - interval '5 minutes'`, updatedAt: sql`${kbDocuments.updatedAt} - interval '5 minutes'` })
    .where(eq(kbDocuments.id, documentId));
}

async function leaseOf(database: Database, documentId: string) {
  const [row] = await database.db
    .select({ status: kbDocuments.status, attempts: kbDocuments.processingAttempts, leaseUntil: kbDocuments.leaseUntil })
    .from(kbDocuments)
    .where(eq(kbDocuments.id, documentId));
  return row!;
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function attemptsOf(database: Database, documentId: string): Promise<number> {
  const [row] = await database.db.select({ attempts: kbDocuments.processingAttempts }).from(kbDocuments).where(eq(kbDocuments.id, documentId));
  return row!.attempts;
}

describe('documents interrupted by a dead process', () => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase());
  });
  afterAll(() => dispose());

  it('is taken over after its lease lapses and finished; a second interruption ends it in error', async () => {
    // The uploads are accepted by a server whose jobs run elsewhere.
    const first = await createKbTestApp({ database, env: { JOB_WORKERS: 'false' } });
    const owner = await registerOwner(first.app);
    const caller: Caller = { token: owner.access_token, spaceId: owner.defaultSpace.id };
    const commit = async (filename: string, text: string) =>
      (await uploadFile(first.app, caller, { filename, contentType: MIME.txt, bytes: Buffer.from(text) })).commit.json().id as string;
    const once = await commit('brand.txt', BRAND_GUIDELINES);
    const twice = await commit('newsletter.txt', EMAIL_CAMPAIGN);
    const storageDir = first.storageDir;
    await first.app.close();

    // `once`: a worker died reading it. `twice`: it died, was taken over, and that worker died too.
    await dieWhileProcessing(database, once);
    await letLeaseLapse(database, once);
    await dieWhileProcessing(database, twice);
    await letLeaseLapse(database, twice);
    expect((await claimDocument(database.db, twice, LEASE_MS)).kind).toBe('claimed');
    await letLeaseLapse(database, twice);
    expect(await attemptsOf(database, twice)).toBe(2);

    // A server with workers comes up: its recovery sweep finds both lapsed leases (their jobs are
    // still "active" in the queue, so only the sweep can bring them back).
    const second = await createKbTestApp({ database, env: { STORAGE_DIR: storageDir } });
    try {
      const recovered = await waitForProcessed(second.app, caller, once, 60_000);
      expect(recovered).toMatchObject({ status: 'ready', category: 'brand', error_message: null });
      expect(await attemptsOf(database, once)).toBe(2);

      const stopped = await waitForProcessed(second.app, caller, twice, 60_000);
      expect(stopped.status).toBe('error');
      expect(stopped.error_message).toBe(
        'Processing stopped twice while this file was being read (the server was stopped or restarted), so it was not tried again. Delete the document and upload it again; if it stops again, split it into smaller files or contact support.',
      );
      expect(stopped.passage_count).toBe(0);
    } finally {
      await second.close();
      await first.close().catch(() => {});
    }
  }, 120_000);

  it('a document being read when its server stops is let go, and the next server finishes it without counting an interruption', async () => {
    const first = await createKbTestApp({ database });
    const owner = await registerOwner(first.app);
    const caller: Caller = { token: owner.access_token, spaceId: owner.defaultSpace.id };
    // 3 MiB of Word XML: seconds of reading, so the server stops while it is being read.
    const { commit } = await uploadFile(first.app, caller, { filename: 'long-brief.docx', contentType: MIME.docx, bytes: await largeDocx(3 * MIB) });
    const id = commit.json().id as string;
    await until(async () => (await leaseOf(database, id)).leaseUntil !== null, 'the worker to claim the document');
    await first.app.close();

    const released = await leaseOf(database, id);
    expect(released).toMatchObject({ status: 'processing', attempts: 0 });
    expect(released.leaseUntil!.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);

    const second = await createKbTestApp({ database, env: { STORAGE_DIR: first.storageDir } });
    try {
      expect(await waitForProcessed(second.app, caller, id, 90_000)).toMatchObject({ status: 'ready', category: 'campaigns' });
      expect(await attemptsOf(database, id)).toBe(1);
    } finally {
      await second.close();
      await first.close().catch(() => {});
    }
  }, 150_000);

  it('a document held by a live worker is not taken over', async () => {
    const app = await createKbTestApp({ database, env: { JOB_WORKERS: 'false' } });
    try {
      const owner = await registerOwner(app.app);
      const caller: Caller = { token: owner.access_token, spaceId: owner.defaultSpace.id };
      const { commit } = await uploadFile(app.app, caller, { filename: 'plan.txt', contentType: MIME.txt, bytes: Buffer.from(BRAND_GUIDELINES) });
      const id = commit.json().id as string;
      expect((await claimDocument(database.db, id, LEASE_MS)).kind).toBe('claimed');
      // Its lease runs for another minute: a second claim (another process's job) must leave it alone.
      expect(await claimDocument(database.db, id, LEASE_MS)).toEqual({ kind: 'skipped' });
      expect(await attemptsOf(database, id)).toBe(1);
    } finally {
      await app.close();
    }
  });
});
