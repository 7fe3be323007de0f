/**
 * Sources and sharing in real Chromium against the real server (offline engine) and the
 * production build: a reply's citation opens the document at its passage, highlighted; a share
 * link opened in a fresh, signed-out browser shows the conversation alone, with noindex, nothing
 * of the organisation and nothing kept by the service worker; once revoked it is a 404 page.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiLogin, newContext, registerAccount, signInThroughUi, startAppForFile, uniqueAccount } from './harness';

const app = startAppForFile({ env: { LLM_PROVIDER: 'offline' } });

const DOCUMENT = [
  'Spring range. Terracotta planters anchor the spring range for balcony gardeners.',
  'Keywords. Our bakery customers search for sourdough starter kits and bakery software for small shops.',
  'Voice. Headlines stay short and warm; never use exclamation marks.',
].join('\n\n');

/** Uploads one text document through the API the way the browser does (sign → PUT → commit). */
async function uploadDocument(baseUrl: string, token: string, spaceId: string, filename: string, content: string): Promise<string> {
  const headers = { authorization: `Bearer ${token}`, 'x-space-id': spaceId };
  const query = new URLSearchParams({ filename, content_type: 'text/plain' });
  const signed = await (await fetch(`${baseUrl}/api/v1/kb/uploads/sign?${query}`, { method: 'POST', headers })).json();
  await fetch(new URL(signed.url, baseUrl), { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: content });
  const committed = await fetch(`${baseUrl}/api/v1/kb/uploads/commit`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ object_path: signed.object_path, filename, size: Buffer.byteLength(content), mime: 'text/plain', hash: createHash('sha256').update(content).digest('hex') }),
  });
  if (committed.status !== 201) throw new Error(`upload failed: ${committed.status}`);
  const { id } = (await committed.json()) as { id: string };
  for (let tries = 0; tries < 120; tries += 1) {
    const status = await (await fetch(`${baseUrl}/api/v1/kb/documents/${id}/status`, { headers })).json();
    if (status.status === 'ready') return id;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the document was not processed in time');
}

describe('sources you can open, and share links', () => {
  it('opens a cited passage in the document preview, and shares the chat read-only with someone signed out', async () => {
    const baseUrl = app.server.baseUrl;
    const account = { ...uniqueAccount('share'), name: 'Sasha Sharer' };
    await registerAccount(baseUrl, account);
    const tokens = await apiLogin(baseUrl, account);
    const spaces = await (await fetch(`${baseUrl}/api/v1/spaces/`, { headers: { authorization: `Bearer ${tokens.access_token}` } })).json();
    await uploadDocument(baseUrl, tokens.access_token, spaces.data[0].id, 'spring-plan.txt', DOCUMENT);

    const context = await newContext(app.browser);
    const page = await context.newPage();
    await signInThroughUi(page, baseUrl, account);
    await page.goto(`${baseUrl}/agents/seo`);
    const question = 'Which bakery keywords should our sourdough starter page target?';
    await page.getByRole('textbox', { name: 'Message' }).fill(question);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(/\/agents\/seo\/chat\/[0-9a-f-]{36}$/);
    const chatUrl = page.url();
    const log = page.getByRole('log', { name: 'Conversation' });

    // The reply's marker opens the document at the passage it cites. The last one: the list follows
    // the newest message, so a marker scrolled into view programmatically would be taken away again.
    const marker = log.getByTestId('citation-marker').last();
    await marker.waitFor({ timeout: 60_000 });
    const label = (await marker.getAttribute('aria-label')) ?? '';
    expect(label).toMatch(/^Source \d+: spring-plan\.txt, passage \d+$/);
    // From the keyboard, as a reader tabbing through the reply would.
    await marker.focus();
    await page.keyboard.press('Enter');
    const preview = page.getByTestId('document-preview');
    await preview.getByRole('heading', { name: 'spring-plan.txt' }).waitFor();
    const highlight = preview.getByTestId('passage-highlight');
    await highlight.waitFor();
    expect(await highlight.textContent()).toContain('sourdough starter kits');
    // Scrolled into view inside the panel, the rest of the document around it.
    expect(await highlight.isVisible()).toBe(true);
    expect(await preview.getByTestId('document-text').textContent()).toContain('Terracotta planters');
    expect(page.url()).toMatch(/\?doc=[0-9a-f-]{36}&passage=\d+$/);
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });
    expect(page.url()).toBe(chatUrl);

    // Share: the link is shown once.
    await page.getByRole('button', { name: 'Share chat' }).click();
    const dialog = page.getByTestId('share-dialog');
    await dialog.getByRole('button', { name: /Create link/ }).click();
    const linkField = dialog.getByRole('textbox', { name: 'Your new link' });
    await linkField.waitFor();
    const shareUrl = await linkField.inputValue();
    expect(shareUrl).toMatch(new RegExp(`^${baseUrl}/share/[A-Za-z0-9_-]{43}$`));

    // Someone with no session opens it in a fresh browser.
    const stranger = await newContext(app.browser);
    const strangerPage = await stranger.newPage();
    const answer = await strangerPage.goto(shareUrl);
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()['x-robots-tag']).toBe('noindex, nofollow, noarchive');
    const shared = strangerPage.getByTestId('shared-chat');
    await shared.getByRole('heading', { level: 1 }).waitFor({ timeout: 30_000 });
    expect(await shared.getByText(question).count()).toBe(1);
    await shared.getByRole('region', { name: 'Sources' }).first().waitFor();
    expect(await strangerPage.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
    const text = (await strangerPage.locator('body').textContent()) ?? '';
    for (const secret of [account.email, account.name, account.org_name]) expect(text).not.toContain(secret);
    expect(await strangerPage.getByRole('navigation').count()).toBe(0);
    expect(strangerPage.url()).toBe(shareUrl);
    // The service worker keeps nothing of the shared chat: revoking must take effect at once.
    const cachedUrls = await strangerPage.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      return urls;
    });
    expect(cachedUrls.filter((url) => url.includes('/public/shares/'))).toEqual([]);

    // Revoked by the owner: the same link is now a 404 page.
    await dialog.getByRole('button', { name: /^Revoke the link ending/ }).click();
    await dialog.getByText('This chat has no active share links.').waitFor();
    const gone = await strangerPage.reload();
    expect(gone?.status()).toBe(404);
    expect(gone?.headers()['x-robots-tag']).toBe('noindex, nofollow, noarchive');
    await strangerPage.getByRole('heading', { name: 'This shared chat is not available', level: 1 }).waitFor({ timeout: 30_000 });
    await stranger.close();
    await context.close();
  }, 240_000);
});
