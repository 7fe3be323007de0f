/**
 * Switching space in real Chromium against the real server and a production build (docs/pwa.md
 * "Spaces": `switchSpace()` wipes the saved rows of the space being left). A person with two spaces
 * reads a chat and the knowledge base in the first, switches to the second with the sidebar's space
 * selector, and from then on the device holds none of the first space's rows (read from IndexedDB
 * in the page) and the screens show only the second space's chat and document, also offline right
 * after the switch, when nothing can be fetched again.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ApiClient, type Session } from '../tools/api-client';
import { apiLogin, newContext, registerAccount, signInThroughUi, startAppForFile, uniqueAccount, waitForServiceWorkerControl } from './harness';
import { createSpaceFor, currentSpaceId } from './pwa-support';
import { setOffline } from './offline';

const app = startAppForFile();

/** Rows of the app's IndexedDB database ("mosaic") that belong to `spaceId`, per table. */
function savedRowsOf(page: Page, spaceId: string): Promise<Record<string, number>> {
  return page.evaluate(async (wanted) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('mosaic');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const found: Record<string, number> = {};
    for (const store of Array.from(db.objectStoreNames)) {
      const rows = await new Promise<unknown[]>((resolve, reject) => {
        const all = db.transaction(store).objectStore(store).getAll();
        all.onsuccess = () => resolve(all.result);
        all.onerror = () => reject(all.error);
      });
      const ofSpace = rows.filter((row) => (row as { spaceId?: unknown }).spaceId === wanted).length;
      if (ofSpace > 0) found[store] = ofSpace;
    }
    db.close();
    return found;
  }, spaceId);
}

/** A chat with a reply and a knowledge document in one space, made through the API. */
/** A chat and a document in the space; answers the chat's title, which the server names from the message. */
async function fillSpace(api: ApiClient, session: Session, chat: string, filename: string): Promise<string> {
  const accepted = await api.sendMessage(session, 'seo', chat);
  await api.waitForReply(session, accepted.session_id, accepted.created_at, 30_000);
  await api.upload(session, { filename, contentType: 'text/plain', bytes: Buffer.from(`${filename}: notes for the team.\n`) });
  return accepted.title;
}

describe('switching space', () => {
  it('leaves none of the space left on the device, and shows only the new space, online and offline', async () => {
    const baseUrl = app.server.baseUrl;
    const account = { ...uniqueAccount('switch'), name: 'Sasha Switch' };
    await registerAccount(baseUrl, account);
    const tokens = await apiLogin(baseUrl, account);
    await createSpaceFor(baseUrl, tokens.access_token, 'Harbour Festival', 'harbour-festival');
    const api = new ApiClient(baseUrl);
    const { data: spaces } = await api.call<{ data: { id: string; name: string; is_default: boolean }[] }>('list spaces', 'GET', '/spaces/', { token: tokens.access_token });
    const first = spaces.find((space) => space.is_default)!;
    const second = spaces.find((space) => space.name === 'Harbour Festival')!;
    const session = (spaceId: string): Session => ({ email: account.email, ...tokens, spaceId, orgId: '' });
    const firstSpace = { chat: 'Orchard open day in September', document: 'orchard-open-day.txt' };
    const secondSpace = { chat: 'Harbour festival stalls in August', document: 'harbour-festival.txt' };
    // The chat lists show titles; the conversation shows the message.
    const firstTitle = await fillSpace(api, session(first.id), firstSpace.chat, firstSpace.document);
    const secondTitle = await fillSpace(api, session(second.id), secondSpace.chat, secondSpace.document);

    const context = await newContext(app.browser);
    const page = await context.newPage();
    await signInThroughUi(page, baseUrl, account);
    await waitForServiceWorkerControl(page);
    expect(await currentSpaceId(page)).toBe(first.id);
    const main = page.getByRole('main');

    // Reading in the first space: its chat (opened, so its messages are saved) and its documents.
    await page.goto(`${baseUrl}/agents/history`);
    await main.getByText(firstTitle).first().click();
    await page.getByRole('log', { name: 'Conversation' }).getByText(firstSpace.chat, { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Knowledge Base' }).click();
    await main.getByText(firstSpace.document).waitFor();
    await expect.poll(() => savedRowsOf(page, first.id)).toMatchObject({ sessions: 1, messages: 2, documents: 1 });

    await page.getByRole('button', { name: `Space: ${first.name}` }).click();
    await page.getByRole('menuitem', { name: /Harbour Festival/ }).click();
    await page.getByRole('button', { name: 'Space: Harbour Festival' }).waitFor();
    // The Knowledge Base reloads for the new space; the device keeps nothing of the one left.
    await main.getByText(secondSpace.document).waitFor();
    expect(await main.innerText()).not.toContain(firstSpace.document);
    await expect.poll(() => savedRowsOf(page, first.id)).toEqual({});
    await page.goto(`${baseUrl}/agents/history`);
    await main.getByText(secondTitle).waitFor();
    expect(await main.innerText()).not.toContain(firstTitle);

    // Offline right after the switch: what the screens show can only come from the device.
    await setOffline(context, true);
    await page.reload();
    await page.getByRole('button', { name: 'Space: Harbour Festival' }).waitFor();
    await main.getByText(secondTitle).waitFor();
    expect(await main.innerText()).not.toContain(firstTitle);
    await page.goto(`${baseUrl}/knowledge-base`);
    await main.getByText(secondSpace.document).waitFor();
    expect(await main.innerText()).not.toContain(firstSpace.document);
    expect(await savedRowsOf(page, first.id)).toEqual({});
    expect(await savedRowsOf(page, second.id)).toMatchObject({ sessions: 1, documents: 1 });
    await context.close();
  });
});
