/**
 * "Use as brand voice" where the brand guidelines are (docs/knowledge.md "Brand voice from a
 * document"): on a brand guidelines document's row and in the toast that says a just-uploaded file
 * was filed so. Owners and admins set the organisation's brand voice from its text in one step,
 * asked first when a brand voice is written already; nobody else is offered it.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, waitFor, within } from '@testing-library/react';
import type { KnowledgeDocument } from '../../../src/contract/knowledge';
import type { DocumentTextDto } from '../../../src/contract/document-preview';
import { installFakeApi, makeSpace, type FakeApi } from '../app/support/fake-api';
import { installHeldXhr } from '../app/support/held-xhr';
import { writableEventStream } from '../app/support/event-stream';
import { renderApp, screen, signInAs } from '../app/support/render-app';
import { knowledgeDocument } from './knowledge-document';
import { prepareKnowledgeScreenTests } from './knowledge-screen-support';

prepareKnowledgeScreenTests(() => import('../../../src/features/settings/pages/WorkspaceSettingsPage'));

const GUIDE_TEXT = 'Warm, plain and confident.\nWe say "bakers", never "users".';

const document = (id: string, filename: string, subcategory: string | null, status: KnowledgeDocument['status'] = 'ready'): KnowledgeDocument =>
  knowledgeDocument(id, status, { filename, mime_type: 'text/plain', category: 'brand', subcategory, auto_categorized: true, confidence_score: 0.9 });

const documentText = (id: string, filename: string, body: string): DocumentTextDto => ({
  document: { id, filename, mime_type: 'text/plain', size_bytes: body.length, category: 'brand', subcategory: 'brand_guidelines', created_at: '2026-03-01T09:00:00.000Z', passage_count: 1 },
  text: body,
  passages: [{ ordinal: 0, start: 0, end: body.length }],
  first_ordinal: 0,
  last_ordinal: 0,
  complete: true,
});

let api: FakeApi;
let voice: string;

function answerBrandVoice(): void {
  api.on('GET /settings/brand-voice', () => ({ status: 200, body: { content: voice, updatedAt: voice ? '2026-03-01T09:00:00.000Z' : null, createdBy: null } }));
  api.on('PUT /settings/brand-voice', (call) => {
    voice = (call.body as { content: string }).content;
    return { status: 200, body: { content: voice, updatedAt: new Date().toISOString(), createdBy: 'u-org_owner' } };
  });
}

beforeEach(() => {
  // The hash check names the space by its id, which the contract wants as a UUID.
  api = installFakeApi({ spaces: [makeSpace('5b0c6a1e-8f3d-4c2a-9e7b-1d2f3a4b5c6d', 'Main Space', { is_default: true })] });
  voice = '';
  answerBrandVoice();
  api.on('GET /kb/documents/d1/text', () => ({ status: 200, body: documentText('d1', 'brand-guide.txt', GUIDE_TEXT) }));
});

/** The Knowledge Base listing a brand guidelines document and a campaign plan. */
async function openList(role: 'org_owner' | 'org_admin' | 'org_member') {
  const documents = [document('d1', 'brand-guide.txt', 'brand_guidelines'), document('d2', 'spring-plan.txt', 'campaign_plans')];
  api.on('GET /kb/documents', () => ({ status: 200, body: { documents, total: documents.length, next_cursor: null } }));
  await signInAs(api, role);
  const app = renderApp('/knowledge-base');
  const list = await screen.findByRole('list', { name: 'Documents' });
  await within(list).findByText('spring-plan.txt');
  return app;
}

const saves = () => api.callsTo('PUT /settings/brand-voice').map((call) => call.body);

describe('Use as brand voice on a brand guidelines document', () => {
  it('sets the brand voice from its text when none is written, and links to it', async () => {
    const { user, location } = await openList('org_admin');
    expect(screen.queryByRole('button', { name: 'Use as brand voice: spring-plan.txt' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Use as brand voice: brand-guide.txt' }));

    expect(await screen.findByText('Brand voice set from “brand-guide.txt”')).toBeTruthy();
    expect(saves()).toEqual([{ content: GUIDE_TEXT }]);
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Review brand voice' }));
    await screen.findByRole('heading', { name: 'Workspace Settings', level: 1 });
    expect(location()).toBe('/workspace-settings');
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Brand voice' }) as HTMLTextAreaElement).value).toBe(GUIDE_TEXT));
  });

  it('asks before replacing a brand voice already written: Cancel keeps it, Replace changes it', async () => {
    voice = 'Formal and precise.';
    const { user } = await openList('org_owner');

    await user.click(screen.getByRole('button', { name: 'Use as brand voice: brand-guide.txt' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Replace the brand voice?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(saves()).toEqual([]);
    expect(voice).toBe('Formal and precise.');

    await user.click(screen.getByRole('button', { name: 'Use as brand voice: brand-guide.txt' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Replace the brand voice?' });
    expect(within(dialog).getByText(/The text of “brand-guide.txt” will replace it/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Replace brand voice' }));
    expect(await screen.findByText('Brand voice set from “brand-guide.txt”')).toBeTruthy();
    expect(saves()).toEqual([{ content: GUIDE_TEXT }]);
  });

  it('is not offered to a member', async () => {
    await openList('org_member');
    expect(screen.queryByRole('button', { name: /Use as brand voice/ })).toBeNull();
  });
});

describe('Use as brand voice when an upload is filed as brand guidelines', () => {
  it('offers it in a toast once the uploaded file is processed and categorised so', async () => {
    const held = installHeldXhr();
    const stream = writableEventStream();
    api.on('GET /kb/documents/stream', () => ({ status: 200, stream: stream.body }));
    api.on('GET /kb/documents', () => ({ status: 200, body: { documents: [], total: 0, next_cursor: null } }));
    api.on('POST /kb/hashes/check', (call) => ({ status: 200, body: { non_existing_hashes: (call.body as { hashes: string[] }).hashes, existing: [] } }));
    api.on('POST /kb/uploads/sign', (call) => ({
      status: 200,
      body: {
        url: '/api/v1/kb/uploads/target?token=t-1',
        method: 'PUT',
        headers: { 'Content-Type': 'text/plain' },
        object_path: `uploads/s1/1/${call.query.get('filename')}`,
        content_type: 'text/plain',
        expires_at: '2099-01-01T00:00:00.000Z',
      },
    }));
    api.on('POST /kb/uploads/commit', () => ({ status: 201, body: { id: 'd3', status: 'processing', document: document('d3', 'tone-of-voice.txt', null, 'processing') } }));
    api.on('GET /kb/documents/d3/text', () => ({ status: 200, body: documentText('d3', 'tone-of-voice.txt', GUIDE_TEXT) }));
    await signInAs(api, 'org_owner');
    const { user } = renderApp('/knowledge-base');
    await screen.findByRole('heading', { level: 1, name: 'Knowledge Base' });

    fireEvent.change(screen.getByLabelText('Choose files to upload'), { target: { files: [new File([GUIDE_TEXT], 'tone-of-voice.txt', { type: 'text/plain' })] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Upload 1 file' }));
    await waitFor(() => expect(held).toHaveLength(1));
    held[0]!.answer(200);
    await waitFor(() => expect(api.callsTo('GET /kb/documents/stream')).toHaveLength(1));
    stream.send('document', document('d3', 'tone-of-voice.txt', 'brand_guidelines'));

    expect(await screen.findByText('“tone-of-voice.txt” is ready, filed as Brand guidelines.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Use as brand voice' }));
    expect(await screen.findByText('Brand voice set from “tone-of-voice.txt”')).toBeTruthy();
    expect(saves()).toEqual([{ content: GUIDE_TEXT }]);
  });
});

describe('Workspace Settings', () => {
  it('shows the brand voice first', async () => {
    await signInAs(api, 'org_owner');
    renderApp('/workspace-settings');
    await screen.findByRole('heading', { name: 'Workspace Settings', level: 1 });
    const sections = await waitFor(() => {
      const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
      expect(headings.length).toBeGreaterThan(1);
      return headings;
    });
    expect(sections[0]).toBe('Brand voice');
  });
});
