import { createHash } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, launchBrowser, newContext, registerAccount, signInThroughUi, startServer, uniqueAccount, type RunningServer } from './harness';

const EXISTING = 'Our tone of voice is warm, direct and confident. Never stretch the logo; keep clear space around it.';
const NEW_BRIEF = 'Spring newsletter brief. Goal: lift the open rate to 35 percent with a three-step nurture sequence for trial users.';

/** Uploads one document through the API the way the browser does (sign → PUT → commit). */
async function uploadThroughApi(baseUrl: string, token: string, spaceId: string, filename: string, content: string): Promise<string> {
  const headers = { authorization: `Bearer ${token}`, 'x-space-id': spaceId };
  const query = new URLSearchParams({ filename, content_type: 'text/plain' });
  const signed = await (await fetch(`${baseUrl}/api/v1/kb/uploads/sign?${query}`, { method: 'POST', headers })).json();
  const put = await fetch(new URL(signed.url, baseUrl), { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: content });
  expect(put.status).toBe(200);
  const committed = await fetch(`${baseUrl}/api/v1/kb/uploads/commit`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      object_path: signed.object_path,
      filename,
      size: Buffer.byteLength(content),
      mime: 'text/plain',
      hash: createHash('sha256').update(content).digest('hex'),
    }),
  });
  expect(committed.status).toBe(201);
  return (await committed.json()).id;
}

/** Drops files on the drop zone with a real DataTransfer, as a drag from the desktop does. */
async function dropFiles(page: Page, files: { name: string; content: string }[]): Promise<void> {
  await page.getByTestId('kb-dropzone').evaluate((zone, list) => {
    const transfer = new DataTransfer();
    for (const file of list) transfer.items.add(new File([file.content], file.name, { type: 'text/plain' }));
    zone.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, files);
}

describe('knowledge base in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    // KB_E2E_DATABASE_URL runs the same test against PostgreSQL (an empty database).
    server = await startServer(process.env.KB_E2E_DATABASE_URL ? { DATABASE_URL: process.env.KB_E2E_DATABASE_URL } : {});
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('drops two files, flags the duplicate, uploads, watches the new one become ready and finds it by search', async () => {
    const account = uniqueAccount();
    await registerAccount(server.baseUrl, account);
    const { access_token } = await apiLogin(server.baseUrl, account);
    const spaces = await (await fetch(`${server.baseUrl}/api/v1/spaces/`, { headers: { authorization: `Bearer ${access_token}` } })).json();
    await uploadThroughApi(server.baseUrl, access_token, spaces.data[0].id, 'brand-voice.txt', EXISTING);

    const context = await newContext(browser);
    const page = await context.newPage();
    await signInThroughUi(page, server.baseUrl, account);
    await page.goto(`${server.baseUrl}/knowledge-base`);
    await page.getByRole('heading', { name: 'Knowledge Base' }).waitFor();
    await page.getByTestId('document-row').filter({ hasText: 'brand-voice.txt' }).getByText('Ready').waitFor({ timeout: 20_000 });

    await dropFiles(page, [
      { name: 'copy-of-brand-voice.txt', content: EXISTING },
      { name: 'spring-newsletter.txt', content: NEW_BRIEF },
    ]);
    const staged = page.getByTestId('staged-file');
    await expect.poll(() => staged.count()).toBe(2);
    await staged.filter({ hasText: 'copy-of-brand-voice.txt' }).getByText('Already uploaded as "brand-voice.txt"').waitFor();
    expect(await staged.filter({ hasText: 'spring-newsletter.txt' }).getByText(/Already uploaded|Same as other/).count()).toBe(0);

    await page.getByRole('button', { name: 'Upload 2 files' }).click();
    await page.getByText('Duplicate detected: copy-of-brand-voice.txt - This file already exists in your workspace as "brand-voice.txt"').first().waitFor();
    const newRow = page.getByTestId('document-row').filter({ hasText: 'spring-newsletter.txt' });
    await newRow.waitFor();
    await newRow.getByText('Ready').waitFor({ timeout: 30_000 });
    await expect.poll(() => newRow.getByText('Campaigns').count()).toBe(1);

    await page.getByRole('searchbox', { name: 'Search documents' }).fill('nurture sequence');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const result = page.getByTestId('search-result').first();
    await result.waitFor();
    expect(await result.textContent()).toContain('spring-newsletter.txt');
    expect(await result.locator('mark').allTextContents()).toEqual(expect.arrayContaining(['nurture', 'sequence']));
    await context.close();
  }, 120_000);
});
