/**
 * Agent configuration (spec 001 §4): a working copy against the original, pending changes, undo the
 * last change, discard all, save — through the real screen and request layer, and the members'
 * read-only view.
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { wipeAll } from '../../../src/db';
import { installFakeApi, type FakeApi } from '../app/support/fake-api';
import { installDomShims } from '../app/support/dom';
import { renderApp, signInAs, signOut } from '../app/support/render-app';
import { AGENTS } from './fake-agents';


let api: FakeApi;

const settings = {
  agent_slug: 'seo',
  provider: null,
  model: null,
  temperature: null,
  max_output_tokens: null,
  default_mode: 'normal',
  custom_instructions: '',
  engine: 'offline',
  engine_model: 'mosaic-offline-1',
  available_providers: ['offline'],
};
const documents = [
  { id: 'd1', filename: 'brand-book.pdf', is_enabled: true, category: 'brand', status: 'ready' },
  { id: 'd2', filename: 'pricing.csv', is_enabled: true, category: 'sales', status: 'ready' },
];

beforeEach(async () => {
  installDomShims();
  await wipeAll();
  api = installFakeApi();
  api.on('GET /agents', () => ({ status: 200, body: AGENTS }));
  api.on('GET /agents/sessions', () => ({ status: 200, body: [] }));
  api.on('GET /agents/seo/settings', () => ({ status: 200, body: settings }));
  api.on('GET /agents/seo/documents', () => ({ status: 200, body: { documents: documents, next_cursor: null } }));
  api.on('PUT /agents/seo/settings', (call) => ({ status: 200, body: { ...settings, ...(call.body as object) } }));
  api.on('PUT /agents/seo/documents/d2', () => ({ status: 200, body: { ...documents[1], is_enabled: false } }));
});
afterEach(async () => {
  await signOut();
  vi.unstubAllGlobals();
});

describe('agent configuration', () => {
  it('lists the documents of every page the server answers', async () => {
    const later = { id: 'd3', filename: 'wholesale-terms.docx', is_enabled: true, category: 'sales', status: 'ready' };
    api.on('GET /agents/seo/documents', (call) =>
      call.query.get('cursor') === 'after-pricing'
        ? { status: 200, body: { documents: [later], next_cursor: null } }
        : { status: 200, body: { documents, next_cursor: 'after-pricing' } },
    );
    await signInAs(api, 'org_owner');
    renderApp('/agents/seo/configure');
    expect(await screen.findByText('wholesale-terms.docx')).toBeTruthy();
    expect(screen.getByText('brand-book.pdf')).toBeTruthy();
    expect(screen.getAllByRole('switch')).toHaveLength(3);
    expect(api.callsTo('GET /agents/seo/documents').map((call) => call.query.get('cursor'))).toEqual([null, 'after-pricing']);
  });

  it('counts pending changes, undoes the last, discards all, and saves only what changed', async () => {
    await signInAs(api, 'org_owner');
    const { user } = renderApp('/agents/seo/configure');
    const instructions = (await screen.findByRole('textbox', { name: 'Team instructions' })) as HTMLTextAreaElement;
    expect(screen.getByRole('status').textContent).toBe('No unsaved changes');

    await user.type(instructions, 'UK');
    const switches = screen.getAllByRole('switch');
    await user.click(switches[1]!);
    // Pending changes are per field and per document: the instructions, and one document.
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('2 unsaved changes'));
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getByRole('status').textContent).toBe('1 unsaved change');
    expect(screen.getAllByRole('switch')[1]!.getAttribute('aria-checked')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Discard all' }));
    expect(screen.getByRole('status').textContent).toBe('No unsaved changes');
    expect(instructions.value).toBe('');

    await user.type(instructions, 'Short');
    await user.click(screen.getAllByRole('switch')[1]!);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo('PUT /agents/seo/settings')).toHaveLength(1));
    expect(api.callsTo('PUT /agents/seo/settings')[0]!.body).toEqual({ custom_instructions: 'Short' });
    await waitFor(() => expect(api.callsTo('PUT /agents/seo/documents/d2')[0]?.body).toEqual({ is_enabled: false }));
  });

  it('shows members the configuration read-only', async () => {
    await signInAs(api, 'org_member');
    renderApp('/agents/seo/configure');
    const instructions = await screen.findByRole('textbox', { name: 'Team instructions' });
    expect((instructions as HTMLTextAreaElement).disabled).toBe(true);
    expect(screen.getByText('Only organisation owners and admins can change agent settings. You can see them here.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
  });
});
