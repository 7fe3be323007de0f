/**
 * No upload can take the server down: a file past a processing limit ends in status error at
 * once, with a message naming the limit, is never retried, and the server keeps answering
 * without its own memory growing (the file is read in a capped sandbox process).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/src/db/database';
import { kbDocuments } from '../../server/src/db/schema/index';
import { API, authHeaders, registerOwner } from '../helpers/server';
import { MIME } from './kb-fixtures';
import { createKbTestApp, uploadFile, waitForProcessed, type Caller, type KbTestApp } from './kb-helpers';
import { docxBomb, largeDocx, pdfBomb, pdfWithPages } from './kb-limit-fixtures';

const MIB = 1024 * 1024;

async function startApp(env: Record<string, string>): Promise<{ t: KbTestApp; caller: Caller }> {
  const t = await createKbTestApp({ env });
  const owner = await registerOwner(t.app);
  return { t, caller: { token: owner.access_token, spaceId: owner.defaultSpace.id } };
}

async function upload(t: KbTestApp, caller: Caller, filename: string, contentType: string, bytes: Buffer) {
  const { commit } = await uploadFile(t.app, caller, { filename, contentType, bytes });
  expect(commit.statusCode).toBe(201);
  return waitForProcessed(t.app, caller, commit.json().id, 120_000);
}

/** What the queue and the document record about the processing: one start, one job run to completion. */
async function processingRecord(database: Database, documentId: string) {
  const [document] = await database.db.select({ attempts: kbDocuments.processingAttempts, leaseUntil: kbDocuments.leaseUntil }).from(kbDocuments).where(eq(kbDocuments.id, documentId));
  const result = (await database.db.execute(
    sql`SELECT state, retry_count FROM pgboss.job WHERE name = 'kb-process-document' AND data->>'documentId' = ${documentId}`,
  )) as unknown as { rows: { state: string; retry_count: number }[] };
  return { ...document!, jobs: result.rows.map((row) => ({ state: row.state, retries: Number(row.retry_count) })) };
}

describe('documents past a content limit', () => {
  let t: KbTestApp;
  let caller: Caller;
  beforeAll(async () => {
    ({ t, caller } = await startApp({ KB_EXTRACT_MAX_PDF_PAGES: '3', KB_EXTRACT_MAX_TEXT_CHARS: '20000' }));
  });
  afterAll(() => t.close());

  it('a 400 KB Word file that unpacks to 100 MiB ends in error naming the limit; the server keeps answering and its heap does not grow', async () => {
    const bomb = await docxBomb(100 * MIB);
    expect(bomb.length).toBeLessThan(MIB);
    const before = process.memoryUsage();
    const peak = { heap: before.heapUsed, rss: before.rss };
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peak.heap = Math.max(peak.heap, now.heapUsed);
      peak.rss = Math.max(peak.rss, now.rss);
    }, 20);
    try {
      const document = await upload(t, caller, 'quarterly-report.docx', MIME.docx, bomb);
      expect(document.status).toBe('error');
      expect(document.error_message).toBe(
        'This Word document unpacks to more than 10 MB of text and formatting, the most Mosaic reads from one Word file. Split it into smaller documents, or save it as PDF, and upload them.',
      );
      expect(document.passage_count).toBe(0);
    } finally {
      clearInterval(sampler);
    }
    // Before the sandbox this grew the server by gigabytes (mammoth inflated all of it in-process).
    expect(peak.heap - before.heapUsed).toBeLessThan(64 * MIB);
    expect(peak.rss - before.rss).toBeLessThan(128 * MIB);
    expect((await t.app.inject({ method: 'GET', url: `${API}/health` })).statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: `${API}/kb/documents`, headers: authHeaders(caller.token, caller.spaceId) });
    expect(list.statusCode).toBe(200);
  }, 180_000);

  it('a PDF over the page limit ends in error naming the page count and the limit', async () => {
    const document = await upload(t, caller, 'annual-plan.pdf', MIME.pdf, await pdfWithPages(5));
    expect(document.status).toBe('error');
    expect(document.error_message).toBe('This PDF has 5 pages; Mosaic reads at most 3 pages from one document. Split it into smaller PDFs and upload them.');
    // pg-boss marks the job completed just after the handler has written the document's error.
    await expect.poll(async () => processingRecord(t.database, document.id), { timeout: 30_000 }).toMatchObject({
      attempts: 1,
      leaseUntil: null,
      jobs: [{ state: 'completed', retries: 0 }],
    });
  });

  it('text over the length limit ends in error naming the limit', async () => {
    const text = 'Our brand voice is warm, direct and practical. '.repeat(500);
    expect(text.length).toBeGreaterThan(20_000);
    const document = await upload(t, caller, 'voice.txt', MIME.txt, Buffer.from(text));
    expect(document.error_message).toBe('This document contains more than 20,000 characters of text, the most Mosaic reads from one document. Split it into smaller documents and upload them.');
  });

  it('files within the limits are still read', async () => {
    const document = await upload(t, caller, 'short-plan.pdf', MIME.pdf, await pdfWithPages(2));
    expect(document).toMatchObject({ status: 'ready', error_message: null });
  });
});

describe('a file whose reading needs more memory than allowed', () => {
  let t: KbTestApp;
  let caller: Caller;
  beforeAll(async () => {
    ({ t, caller } = await startApp({ KB_EXTRACT_MAX_MEMORY_MB: '160' }));
  });
  afterAll(() => t.close());

  it('ends in error naming the memory limit once, and is not retried', async () => {
    // 6 MiB of real Word XML: within the unpacked-size limit, but mammoth needs far more than 160 MB for it.
    const document = await upload(t, caller, 'big-brief.docx', MIME.docx, await largeDocx(6 * MIB));
    expect(document.status).toBe('error');
    expect(document.error_message).toBe(
      'Reading this file needed more than the 160 MB of memory allowed for one document, so it was stopped. Split it into smaller documents, or save it in a simpler format (plain text or PDF), and upload them.',
    );
    // pg-boss marks the job completed just after the handler has written the document's error.
    await expect.poll(async () => processingRecord(t.database, document.id), { timeout: 30_000 }).toMatchObject({
      attempts: 1,
      leaseUntil: null,
      jobs: [{ state: 'completed', retries: 0 }],
    });
  }, 180_000);

  it('a PDF whose page stream inflates to 400 MiB is stopped by the memory cap, though its heap stays small', async () => {
    const bomb = await pdfBomb(400 * MIB);
    expect(bomb.length).toBeLessThan(2 * MIB);
    const rssBefore = process.memoryUsage().rss;
    const document = await upload(t, caller, 'brochure.pdf', MIME.pdf, bomb);
    expect(document.status).toBe('error');
    expect(document.error_message).toMatch(/^Reading this file needed more than the 160 MB of memory allowed for one document/);
    // pdf.js held the inflated stream in the sandbox process, never here.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(128 * MIB);
    await expect.poll(async () => (await processingRecord(t.database, document.id)).jobs, { timeout: 30_000 }).toEqual([{ state: 'completed', retries: 0 }]);
  }, 180_000);
});

describe('a file whose reading takes longer than allowed', () => {
  let t: KbTestApp;
  let caller: Caller;
  beforeAll(async () => {
    ({ t, caller } = await startApp({ KB_EXTRACT_TIMEOUT_SECONDS: '0.5' }));
  });
  afterAll(() => t.close());

  it('ends in error naming the time limit, and is not retried', async () => {
    // 3 MiB of Word XML takes mammoth seconds to read.
    const document = await upload(t, caller, 'long-brief.docx', MIME.docx, await largeDocx(3 * MIB));
    expect(document.status).toBe('error');
    expect(document.error_message).toBe(
      'Reading this file took longer than the 0.5-second limit for one document, so it was stopped. Split it into smaller documents and upload them.',
    );
    await expect.poll(async () => processingRecord(t.database, document.id), { timeout: 30_000 }).toMatchObject({ attempts: 1, jobs: [{ state: 'completed', retries: 0 }] });
  }, 120_000);
});
