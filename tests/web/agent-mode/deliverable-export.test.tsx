/**
 * A finished run's deliverable leaves Mosaic as a Markdown file (as written) or a Word document
 * whose headings, bold text and lists are Word formatting, never Markdown marks; on the real
 * Agent Mode screen against the fake backend.
 */
import { screen, waitFor, within } from '@testing-library/react';
import JSZip from 'jszip';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { wipeAll } from '../../../src/db';
import { installFakeApi } from '../app/support/fake-api';
import { installDomShims, readBlob } from '../app/support/dom';
import { renderApp, signInAs, signOut } from '../app/support/render-app';
import { installFakeAgentMode } from './fake-agent-mode';

const DELIVERABLE = '# Spring launch emails\n\n## Email 1: Announce it\n\nWe open on **3 March**.\n\n- Book a demo\n- Join the webinar';
let downloads: { blob: Blob; name: string }[];

beforeEach(async () => {
  installDomShims();
  await wipeAll();
  const api = installFakeApi();
  const fake = installFakeAgentMode(api);
  fake.detail = fake.with({ status: 'succeeded', deliverable: DELIVERABLE, steps_done: 5 }, Array(5).fill({ status: 'succeeded' }));
  downloads = [];
  let pending: Blob | null = null;
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => ((pending = blob), 'blob:export'), revokeObjectURL: () => undefined }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (pending) downloads.push({ blob: pending, name: this.download });
  });
  await signInAs(api, 'org_owner');
});
afterEach(async () => {
  vi.restoreAllMocks();
  await signOut();
  vi.unstubAllGlobals();
});

async function openFinishedRun() {
  const app = renderApp('/agent-mode?run=run-1');
  const deliverable = await screen.findByTestId('deliverable');
  await waitFor(() => expect(within(deliverable).getByRole('heading', { name: 'Spring launch emails' })).toBeTruthy());
  return app;
}

describe('exporting the deliverable', () => {
  it('as Markdown, exactly as the run wrote it', async () => {
    const { user } = await openFinishedRun();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Markdown (.md)' }));
    expect(downloads.map((download) => download.name)).toEqual(['Plan-the-spring-launch-email-sequence-for-small-business-owners.md']);
    expect(await readBlob(downloads[0]!.blob, 'text')).toBe(`${DELIVERABLE}\n`);
  });

  it('as a Word document with its headings, bold text and lists, without Markdown marks', async () => {
    const { user } = await openFinishedRun();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Word (.docx)' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.name).toBe('Plan-the-spring-launch-email-sequence-for-small-business-owners.docx');
    const zip = await JSZip.loadAsync((await readBlob(downloads[0]!.blob, 'buffer')) as ArrayBuffer);
    const xml = await zip.file('word/document.xml')!.async('string');
    const text = [...xml.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((match) => match[1]).join('');
    expect(text).toContain('Spring launch emails');
    expect(text).toContain('Book a demo');
    expect(text).not.toContain('**');
    expect(text).not.toContain('# ');
    expect(xml).toMatch(/<w:pStyle w:val="Heading1"\/>[\s\S]*?Spring launch emails/);
    expect(xml).toMatch(/<w:b\/>[\s\S]*?<w:t[^>]*>3 March<\/w:t>/);
  });
});
