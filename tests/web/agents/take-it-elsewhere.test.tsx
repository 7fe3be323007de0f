/**
 * Taking a chat elsewhere (issue 12 item 9), on the real chat screen: a reply copies as clean text
 * or as its Markdown; the chat exports as a Markdown file and as a Word document whose text has
 * the formatting, not the Markdown marks.
 */
import { screen, waitFor, within } from '@testing-library/react';
import JSZip from 'jszip';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readBlob } from '../app/support/dom';
import type { FakeApi } from '../app/support/fake-api';
import { renderApp } from '../app/support/render-app';
import { message } from './fake-agents';
import { sessionWith, setUpChatScreenTests } from './chat-support';

let api: FakeApi;
let downloads: { blob: Blob; name: string }[];
const REPLY = '### Search intent\n\nOwners compare **bakery software**.\n\n- Try *bakery POS*\n- Read [the guide](https://example.com/guide)';

setUpChatScreenTests({
  role: 'org_member',
  prepare: (fake) => {
    api = fake;
    sessionWith(api, [message('m1', 'sess-1', 'user', 'Which keywords?', '2026-03-01T09:00:00.000Z'), message('m2', 'sess-1', 'assistant', REPLY, '2026-03-01T09:00:05.000Z')]);
    // The download goes through an object URL and a link click: capture the file instead.
    downloads = [];
    let pending: Blob | null = null;
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => ((pending = blob), 'blob:export'), revokeObjectURL: () => undefined }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (pending) downloads.push({ blob: pending, name: this.download });
    });
  },
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function openChat() {
  const app = renderApp('/agents/seo/chat/sess-1');
  const log = await screen.findByRole('log', { name: 'Conversation' });
  await waitFor(() => expect(log.querySelector('h3')?.textContent).toBe('Search intent'));
  return { ...app, log };
}

describe('copy a reply', () => {
  it('as clean text, without Markdown marks', async () => {
    const { user, log } = await openChat();
    await user.click(within(log).getByRole('button', { name: 'Copy as text' }));
    expect(await navigator.clipboard.readText()).toBe('Search intent\n\nOwners compare bakery software.\n\n• Try bakery POS\n• Read the guide');
  });

  it('as Markdown, exactly as written', async () => {
    const { user, log } = await openChat();
    await user.click(within(log).getByRole('button', { name: 'Copy as Markdown' }));
    expect(await navigator.clipboard.readText()).toBe(REPLY);
  });
});

describe('export a chat', () => {
  it('to a Markdown file with each message under who wrote it', async () => {
    const { user } = await openChat();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Markdown (.md)' }));
    expect(downloads).toHaveLength(1);
    expect(downloads[0]!.name).toBe('Which-keywords-for-bakery-software.md');
    const text = await readBlob(downloads[0]!.blob, 'text');
    expect(text).toMatch(/^# Which keywords for bakery software\?\n\n## You · 1 Mar 2026, \d\d:\d\d\n\nWhich keywords\?\n\n## SEO · 1 Mar 2026, \d\d:\d\d\n\n### Search intent/);
    expect(text).toContain('Owners compare **bakery software**.');
  });

  it('to a Word document with formatting instead of Markdown marks', async () => {
    const { user } = await openChat();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Word (.docx)' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.name).toBe('Which-keywords-for-bakery-software.docx');
    const zip = await JSZip.loadAsync(await readBlob(downloads[0]!.blob, 'buffer'));
    const xml = await zip.file('word/document.xml')!.async('string');
    const text = [...xml.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((match) => match[1]).join('');
    expect(text).toContain('Which keywords for bakery software?');
    expect(text).toContain('Owners compare bakery software.');
    expect(text).not.toContain('**');
    expect(text).not.toContain('###');
    // "bakery software" is a bold run; the guide is a link.
    expect(xml).toMatch(/<w:b\/>[\s\S]*?<w:t[^>]*>bakery software<\/w:t>/);
    expect(xml).toContain('w:hyperlink');
  });
});
