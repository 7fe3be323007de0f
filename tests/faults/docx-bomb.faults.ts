/**
 * (d) A .docx of a few hundred KB whose word/document.xml unpacks to ~100 MiB. The server must
 * stay up and answering, its resident memory must stay bounded while it deals with the file, and
 * the document must end in error with a message that names the limit it broke.
 *
 * Needs the extraction sandbox (size and memory limits around the extractors) of the
 * extraction-sandbox work: without it mammoth inflates the whole XML inside the server process.
 */
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../tools/api-client';
import { MIME } from '../server/kb-fixtures';
import { freshDatabase, report, startServer, type Engine } from './harness';
import { docxBomb } from './docx-bomb';

/** Growth of the server's resident memory allowed while it refuses the file. */
const MAX_GROWTH_MIB = 150;

/** Which engine this scenario proves something on, and why: docs/testing.md ("The fault suite"). */
const engine: Engine = 'pglite';

describe(`a DOCX zip bomb (${engine})`, () => {
  it('leaves the server up with bounded memory and ends in error naming the limit', async () => {
    const { bytes, unpackedBytes } = await docxBomb(100);
    expect(bytes.length).toBeLessThan(1024 * 1024);
    const database = await freshDatabase(engine);
    const server = await startServer(database);
    const api = new ApiClient(server.baseUrl);
    const owner = await api.registerOwner('bomb');

    const before = server.rssMiB();
    server.resetPeakRss();
    const uploaded = await api.upload(owner, { filename: 'launch-plan.docx', contentType: MIME.docx, bytes });
    // Polling the status endpoint all along is also the proof that the server keeps answering.
    const document = await api.waitForDocument(owner, uploaded.id, 120_000);
    const peak = server.peakRssMiB();
    report(
      `docx bomb (${engine})`,
      `${(bytes.length / 1024).toFixed(0)} KiB unpacking to ${(unpackedBytes / 1048576).toFixed(0)} MiB: ${document.status} "${document.error_message}"; ` +
        `server RSS ${before.toFixed(0)} MiB before, peak ${peak.toFixed(0)} MiB`,
    );

    expect(server.isRunning()).toBe(true);
    expect(document.status).toBe('error');
    expect(document.error_message).toMatch(/\d+\s*(KiB|MiB|GiB|KB|MB|GB|characters|bytes)/i);
    expect(peak - before).toBeLessThan(MAX_GROWTH_MIB);
    expect((await fetch(`${server.baseUrl}/api/v1/health`)).status).toBe(200);
  });
});
