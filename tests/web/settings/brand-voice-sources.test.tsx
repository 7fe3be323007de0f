import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, waitFor, within } from '@testing-library/react';
import type { KnowledgeDocument } from '../../../src/contract/knowledge';
import type { DocumentTextDto } from '../../../src/contract/document-preview';
import { BRAND_VOICE_MAX_CHARS } from '../../../src/contract/agents';
import { installFakeApi, type FakeApi } from '../app/support/fake-api';
import { renderApp, screen, signInAs } from '../app/support/render-app';
import { knowledgeDocument } from '../knowledge/knowledge-document';
import { prepareKnowledgeScreenTests } from '../knowledge/knowledge-screen-support';

const VOICE_TEXT = 'Warm and plain.\n\nWe say "bakers", never "users".';

const document = (id: string, filename: string, subcategory: string | null, status: KnowledgeDocument['status'] = 'ready'): KnowledgeDocument =>
  knowledgeDocument(id, status, {
    filename,
    mime_type: 'text/plain',
    rag_file_id: `kb:${id}`,
    category: 'brand',
    subcategory,
    auto_categorized: true,
    confidence_score: 0.8,
    passage_count: 3,
    uploaded_by: 'u-org_owner',
  });

prepareKnowledgeScreenTests(() => import('../../../src/features/settings/pages/WorkspaceSettingsPage'));

let api: FakeApi;
let saved: string;

beforeEach(async () => {
  api = installFakeApi();
  saved = '';
  api.on('GET /settings/brand-voice', () => ({ status: 200, body: { content: saved, updatedAt: null, createdBy: null } }));
  api.on('PUT /settings/brand-voice', (call) => {
    saved = (call.body as { content: string }).content;
    return { status: 200, body: { content: saved, updatedAt: new Date().toISOString(), createdBy: 'u-org_owner' } };
  });
  const documents = [document('d1', 'Campaign plan.txt', 'campaign_plans'), document('d2', 'Voice guide.txt', 'brand_voice'), document('d3', 'Draft.txt', null, 'processing')];
  api.on('GET /kb/documents', () => ({ status: 200, body: { documents, total: documents.length, next_cursor: null } }));
  // The preview's answer (its first window): one passage holding the whole text.
  const text = (id: string, filename: string, body: string): DocumentTextDto => ({
    document: { id, filename, mime_type: 'text/plain', size_bytes: body.length, category: null, subcategory: null, created_at: '2026-03-01T09:00:00.000Z', passage_count: 1 },
    text: body,
    passages: [{ ordinal: 0, start: 0, end: body.length }],
    first_ordinal: 0,
    last_ordinal: 0,
    complete: true,
  });
  api.on('GET /kb/documents/d2/text', () => ({ status: 200, body: text('d2', 'Voice guide.txt', VOICE_TEXT) }));
  api.on('GET /kb/documents/d1/text', () => ({ status: 200, body: text('d1', 'Campaign plan.txt', 'x'.repeat(BRAND_VOICE_MAX_CHARS + 500)) }));
});

const editor = () => screen.getByRole('textbox', { name: 'Brand voice' }) as HTMLTextAreaElement;
const sidebarLink = (name: string) => within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name });

describe('one brand voice, started from a knowledge document', () => {
  it('states its scope once, naming the organisation', async () => {
    await signInAs(api, 'org_owner');
    renderApp('/workspace-settings');
    await waitFor(() =>
      expect(screen.getByTestId('brand-voice-scope').textContent).toBe('Every agent follows it in every space of Acme Marketing, unless a message brings its own.'),
    );
  });

  it('takes a ready document chosen in Workspace Settings as the draft to edit and save', async () => {
    await signInAs(api, 'org_owner');
    const { user } = renderApp('/workspace-settings');
    await user.click(await screen.findByRole('button', { name: /Start from a knowledge document/ }));

    await user.click(await screen.findByRole('combobox', { name: 'Start from a knowledge document' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    // Ready documents only, the one filed as Brand voice first.
    expect(options).toEqual(['Voice guide.txt (Brand voice)', 'Campaign plan.txt']);
    await user.click(screen.getByRole('option', { name: 'Voice guide.txt (Brand voice)' }));

    await waitFor(() => expect(editor().value).toBe(VOICE_TEXT));
    expect(screen.getByText(/Draft from “Voice guide.txt”/)).toBeTruthy();
    fireEvent.change(editor(), { target: { value: `${VOICE_TEXT}\nNo jargon.` } });
    await user.click(screen.getByRole('button', { name: 'Save brand voice' }));
    await waitFor(() => expect(api.callsTo('PUT /settings/brand-voice').map((call) => call.body)).toEqual([{ content: `${VOICE_TEXT}\nNo jargon.` }]));
  });

  it('keeps only what a brand voice may hold of a long document, and says so', async () => {
    await signInAs(api, 'org_owner');
    const { user } = renderApp('/workspace-settings');
    await user.click(await screen.findByRole('button', { name: /Start from a knowledge document/ }));
    await user.click(await screen.findByRole('combobox', { name: 'Start from a knowledge document' }));
    await user.click(await screen.findByRole('option', { name: 'Campaign plan.txt' }));
    await waitFor(() => expect(editor().value).toHaveLength(BRAND_VOICE_MAX_CHARS));
    expect(screen.getByText(/longer than 20,000 characters, so only its beginning is here/)).toBeTruthy();
  });
});

describe('unsaved brand voice changes', () => {
  it('asks before an in-app navigation throws them away: Stay keeps them, Leave goes', async () => {
    await signInAs(api, 'org_owner');
    const { user, location } = renderApp('/workspace-settings');
    await screen.findByRole('heading', { name: 'Workspace Settings', level: 1 });
    await waitFor(() => expect(editor().readOnly).toBe(false));
    fireEvent.change(editor(), { target: { value: 'Warm, plain, unsaved.' } });

    await user.click(sidebarLink('Dashboard'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(location()).toBe('/workspace-settings');
    await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(editor().value).toBe('Warm, plain, unsaved.');
    expect(location()).toBe('/workspace-settings');

    await user.click(sidebarLink('Dashboard'));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave without saving' }));
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    expect(location()).toBe('/dashboard');
  });

  it('asks the browser before the tab is closed or reloaded, and only while there are changes', async () => {
    await signInAs(api, 'org_owner');
    const { user } = renderApp('/workspace-settings');
    await waitFor(() => expect(editor().readOnly).toBe(false));
    const unloading = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unloading()).toBe(false);
    fireEvent.change(editor(), { target: { value: 'Something new.' } });
    expect(unloading()).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Save brand voice' }));
    await waitFor(() => expect(api.callsTo('PUT /settings/brand-voice')).toHaveLength(1));
    await waitFor(() => expect(unloading()).toBe(false));
    // Saved: leaving needs no question.
    await user.click(sidebarLink('Dashboard'));
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
