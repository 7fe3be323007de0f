/**
 * (a) A server killed outright (SIGKILL) while it is processing an uploaded document: the server
 * started again on the same data finishes the document, ready or in error with a message for the
 * uploader, and never leaves it in processing.
 *
 * "While processing" is made certain, not hoped for: the model that files documents is a local
 * stand-in holding its answer, and the kill comes once the stand-in has received the document's
 * categorisation request, i.e. with the job mid-way (text extracted, nothing stored yet).
 *
 * Needs the document lease and recovery sweep (kb_documents.lease_until, processing_attempts) of
 * the extraction-sandbox work: without them the orphaned job waits for the queue's 15-minute
 * expiry and this scenario fails at FAULTS_RECOVERY_SECONDS.
 */
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../tools/api-client';
import { BRAND_GUIDELINES, MIME } from '../server/kb-fixtures';
import { eventually, freshDatabase, report, startServer, type Engine } from './harness';
import { categorisedFile, startModelStandIn } from './model-stand-in';

/** How long the restarted server may take to finish an interrupted document. */
const RECOVERY_MS = Number(process.env.FAULTS_RECOVERY_SECONDS ?? 180) * 1000;

/** Which engine this scenario proves something on, and why: docs/testing.md ("The fault suite"). */
const engine: Engine = 'pglite';

describe(`kill -9 during document processing (${engine})`, () => {
  it('the restarted server finishes the document: ready, or error with a message, never stuck in processing', async () => {
    const database = await freshDatabase(engine);
    const model = await startModelStandIn({ hold: true });
    const first = await startServer(database, model.env);
    const api = new ApiClient(first.baseUrl);
    const owner = await api.registerOwner('ingest');
    const uploaded = await api.upload(owner, { filename: 'brand-voice.txt', contentType: MIME.txt, bytes: Buffer.from(BRAND_GUIDELINES) });
    expect(uploaded.status).toBe('processing');

    await eventually(() => (model.categorisations().some((request) => categorisedFile(request) === 'brand-voice.txt') ? true : undefined), 60_000, 'the job to reach the model');
    await first.kill();
    expect(await first.exited).toBe('SIGKILL');
    model.answer();

    const startedAt = performance.now();
    const second = await startServer(database, model.env);
    const document = await new ApiClient(second.baseUrl).waitForDocument(owner, uploaded.id, RECOVERY_MS);
    report(`ingestion crash (${engine})`, `document ${document.status} ${Math.round(performance.now() - startedAt)} ms after the restart began`);

    if (document.status === 'error') {
      expect(document.error_message).toMatch(/\w{10,}/);
    } else {
      expect(document).toMatchObject({ status: 'ready', category: 'brand' });
      expect(document.passage_count).toBeGreaterThan(0);
    }
  });
});
