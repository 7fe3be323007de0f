import { beforeAll, describe, expect, it } from 'vitest';
import { registerOwner } from '../helpers/server';
import { startedForSuite } from '../helpers/suite-fixtures';
import { BRAND_GUIDELINES, EMAIL_CAMPAIGN, MIME, brokenPdf, docxWithText, pdfWithText, pdfWithoutText } from './kb-fixtures';
import { createKbTestApp, search, uploadFile, waitForProcessed, type Caller } from './kb-helpers';

describe('knowledge processing: extraction, categorisation, errors users understand', () => {
  const t = startedForSuite(() => createKbTestApp());
  let caller: Caller;

  beforeAll(async () => {
    const owner = await registerOwner(t.app);
    caller = { token: owner.access_token, spaceId: owner.defaultSpace.id };
  });

  async function process(filename: string, contentType: string, bytes: Buffer) {
    const { commit } = await uploadFile(t.app, caller, { filename, contentType, bytes });
    expect(commit.statusCode).toBe(201);
    return waitForProcessed(t.app, caller, commit.json().id);
  }

  it('reads a real PDF, files it under brand, and makes its passages searchable', async () => {
    const pdf = await pdfWithText(BRAND_GUIDELINES.split('\n\n'));
    const document = await process('Acme brand guidelines.pdf', MIME.pdf, pdf);
    expect(document).toMatchObject({ status: 'ready', category: 'brand', auto_categorized: true, error_message: null });
    expect(document.subcategory).toMatch(/^(brand_guidelines|brand_voice)$/);
    expect(document.confidence_score).toBeGreaterThan(0.5);
    expect(document.passage_count).toBeGreaterThan(0);
    const found = await search(t.app, caller, 'logo clear space');
    expect(found.statusCode).toBe(200);
    const [first] = found.json().contexts;
    expect(first).toMatchObject({ document_id: document.id, filename: 'Acme brand guidelines.pdf' });
    expect(first.passage).toContain('Never stretch the logo');
    expect(first.highlights).toEqual(expect.arrayContaining(['logo', 'clear', 'space']));
  });

  it('reads a Word document and files an email brief under campaigns', async () => {
    const docx = await docxWithText(EMAIL_CAMPAIGN.split('\n\n'));
    const document = await process('spring-newsletter-brief.docx', MIME.docx, docx);
    expect(document).toMatchObject({ status: 'ready', category: 'campaigns', subcategory: 'email_marketing' });
    const found = await search(t.app, caller, 'nurture sequence');
    expect(found.json().contexts[0].passage).toContain('three-step nurture sequence');
  });

  it('reads Markdown, CSV, HTML and JSON', async () => {
    const cases: [string, string, string, string][] = [
      ['persona.md', MIME.md, '# Persona: Marketing Mia\n\nMia runs a team of four and wants **faster reporting**.', 'faster reporting'],
      ['kpis.csv', MIME.csv, 'month,sessions,conversions\nJanuary,12000,340\nFebruary,15500,410', 'February'],
      ['page.html', MIME.html, '<html><body><h1>Pricing</h1><p>The Pro tier costs 49 euros a month.</p><script>var x=1</script></body></html>', 'Pro tier'],
      ['channels.json', MIME.json, JSON.stringify({ channels: [{ name: 'Organic search', share: 0.41 }] }), 'Organic search'],
    ];
    for (const [filename, type, content, phrase] of cases) {
      const document = await process(filename, type, Buffer.from(content));
      expect(document.status, filename).toBe('ready');
      const found = await search(t.app, caller, phrase);
      expect(found.json().contexts.some((context: { filename: string; passage: string }) => context.filename === filename && context.passage.includes(phrase)), filename).toBe(true);
    }
    // Scripts in HTML are not text.
    expect((await search(t.app, caller, 'var x')).json().contexts.some((context: { filename: string }) => context.filename === 'page.html')).toBe(false);
  });

  it('ends a broken PDF in status error with a message the uploader can act on', async () => {
    const document = await process('truncated.pdf', MIME.pdf, brokenPdf());
    expect(document.status).toBe('error');
    expect(document.error_message).toBe('This PDF could not be read: the file is damaged or is not a real PDF. Export it again and upload the new copy.');
    expect(document.passage_count).toBe(0);
  });

  it('explains a PDF without text (a scan), an empty file, a damaged Word file and invalid JSON', async () => {
    const scan = await process('scan.pdf', MIME.pdf, await pdfWithoutText());
    expect(scan.error_message).toBe('No text was found in this file. If it is a scanned document, run text recognition (OCR) on it first and upload the result.');
    const empty = await process('empty.txt', MIME.txt, Buffer.alloc(0));
    expect(empty.status).toBe('error');
    expect(empty.error_message).toMatch(/^No text was found in this file/);
    const docx = await process('broken.docx', MIME.docx, Buffer.from('PK\u0003\u0004 not really a zip'));
    expect(docx.error_message).toBe('This Word document could not be read: the file is damaged or is not a .docx file. Save it again as .docx and upload it.');
    const json = await process('broken.json', MIME.json, Buffer.from('{"campaign": '));
    expect(json.status).toBe('error');
    expect(json.error_message).toMatch(/^This JSON file is not valid JSON \(.+\)\. Fix it and upload it again\.$/);
  });

  it('lets the same content be uploaded again after its first copy ended in error', async () => {
    const bytes = brokenPdf();
    const again = await uploadFile(t.app, caller, { filename: 'truncated-again.pdf', contentType: MIME.pdf, bytes: Buffer.concat([bytes]) });
    // The first copy (previous test) is in error, so this is not a duplicate.
    expect(again.commit.statusCode).toBe(201);
  });

  it('cuts a long document into overlapping passages', async () => {
    const paragraphs = Array.from({ length: 60 }, (_, index) => `Section ${index + 1}. Our quarterly performance report covers sessions, conversions and return on ad spend for channel ${index + 1}.`);
    const document = await process('q3-performance-report.txt', MIME.txt, Buffer.from(paragraphs.join('\n\n')));
    expect(document).toMatchObject({ status: 'ready', category: 'analytics', subcategory: 'performance_reports' });
    expect(document.passage_count).toBeGreaterThan(5);
    const found = await search(t.app, caller, 'channel 30', { k: '15' });
    expect(found.json().contexts.length).toBeGreaterThan(0);
  });
});
