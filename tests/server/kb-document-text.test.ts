import { describe, expect, it } from 'vitest';
import { DOCUMENT_FAILED_MESSAGE, type DocumentTextDto } from '../../src/contract/document-preview';
import { chunkText, joinPassages } from '../../server/src/services/knowledge/chunk-text';
import { API, authHeaders, registerOwner, testEngine } from '../helpers/server';
import { startedForSuite, preparedForSuite } from '../helpers/suite-fixtures';
import { brokenPdf, docxWithText, MIME } from './kb-fixtures';
import { createKbTestApp, uploadFile, waitForProcessed, type Caller } from './kb-helpers';

/** A text long enough for several passages, with sentences that straddle passage boundaries. */
const PARAGRAPHS = Array.from({ length: 12 }, (_, index) =>
  `Paragraph ${index + 1}. We write for bakers who start before dawn, so every sentence is short and warm. ` +
  `We never say "users"; we say "bakers", and we explain flour the way a neighbour would, without jargon or hype.`,
);

describe('passages back into text', () => {
  it('gives the text back as it was: paragraphs, line breaks, sentences, run-on lines', () => {
    const texts = [
      PARAGRAPHS.join('\n\n'),
      PARAGRAPHS.join('\n'),
      PARAGRAPHS.join(' '),
      'word '.repeat(900).trim(),
      'x'.repeat(2_500),
      `Title\n\n${PARAGRAPHS.slice(0, 3).join(' ')}\n${'y'.repeat(1_200)}\n\nThe end.`,
    ];
    for (const text of texts) {
      expect(chunkText(text).length).toBeGreaterThan(1);
      expect(joinPassages(chunkText(text))).toBe(text);
    }
  });
});

describe(`GET /kb/documents/{id}/text (${testEngine})`, () => {
  const t = startedForSuite(() => createKbTestApp());
  const owner = preparedForSuite(() => registerOwner(t.app));
  const caller = preparedForSuite(() => ({ token: owner.access_token, spaceId: owner.defaultSpace.id }));

  const readText = (who: Caller, id: string) =>
    t.app.inject({ method: 'GET', url: `${API}/kb/documents/${id}/text`, headers: authHeaders(who.token, who.spaceId) });

  it("gives a ready Word document's text, paragraph by paragraph", async () => {
    const upload = await uploadFile(t.app, caller, { filename: 'Brand voice.docx', contentType: MIME.docx, bytes: await docxWithText(PARAGRAPHS) });
    const id = upload.commit.json<{ id: string }>().id;
    expect((await waitForProcessed(t.app, caller, id)).status).toBe('ready');

    const response = await readText(caller, id);
    expect(response.statusCode).toBe(200);
    const body = response.json<DocumentTextDto>();
    expect(body).toMatchObject({ document: { id, filename: 'Brand voice.docx' }, complete: true });
    expect(body.text.split('\n').filter(Boolean)).toEqual(PARAGRAPHS);
  });

  it('answers 409 for a document without text, and 404 for another space or a made-up id', async () => {
    const upload = await uploadFile(t.app, caller, { filename: 'broken.pdf', contentType: MIME.pdf, bytes: brokenPdf() });
    const id = upload.commit.json<{ id: string }>().id;
    expect((await waitForProcessed(t.app, caller, id)).status).toBe('error');
    const unready = await readText(caller, id);
    expect(unready.statusCode).toBe(409);
    expect(unready.json().detail).toBe(DOCUMENT_FAILED_MESSAGE);

    const stranger = await registerOwner(t.app, { org_name: 'Elsewhere Ltd' });
    expect((await readText({ token: stranger.access_token, spaceId: stranger.defaultSpace.id }, id)).statusCode).toBe(404);
    expect((await readText(caller, 'not-an-id')).statusCode).toBe(404);
  });
});
