/**
 * The Creative Assets screen through the real router, stores and Dexie against the fake backend:
 * the grid and the list, filters and search (the device's matches plus the server's full text),
 * the preview (a picture, a text asset's Markdown), deleting with the members' rule, the empty
 * library, and image generation said to be unavailable once.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src/db';
import { installFakeApi, type FakeApi } from '../app/support/fake-api';
import { renderApp, signInAs } from '../app/support/render-app';
import { asset, installFakeAssets, type FakeAssets } from './fake-assets';
import { prepareAssetsScreenTests } from './assets-screen-support';

let api: FakeApi;
let fake: FakeAssets;

const hero = asset({ name: 'Meadow hero.png', tags: ['spring', 'hero'], description: 'Main visual of the spring launch' });
const brochure = asset({ name: 'Spring brochure.pdf', kind: 'pdf', mime_type: 'application/pdf', page_count: 12, width: 595, height: 842, created_by: 'u-someone-else', created_by_name: 'Bo Colleague' });
const tagline = asset({
  name: 'Tagline options',
  kind: 'text',
  mime_type: 'text/markdown',
  source: 'chat',
  thumbnail_version: null,
  width: null,
  height: null,
  excerpt: 'Taglines Grow something wonderful',
  tags: ['copy'],
});
const teaser = asset({ name: 'Teaser.mp4', kind: 'video', mime_type: 'video/mp4', thumbnail_version: null, width: null, height: null, source: 'agent_mode' });

// Each test starts on the grid (a device preference), with object URLs for the saved thumbnails.
prepareAssetsScreenTests();
beforeEach(async () => {
  api = installFakeApi();
  fake = installFakeAssets(api, [hero, brochure, tagline, teaser]);
  fake.contents.set(tagline.id, '## Taglines\n\n- **Grow** something wonderful\n- Bloom where you are');
  await signInAs(api, 'org_member');
});

const cards = () => screen.findAllByTestId('asset-card');
const cardNames = async () => (await cards()).map((card) => within(card).getByRole('button', { name: /^Open / }).querySelector('.visually-hidden')!.textContent!.replace(/^Open /, ''));

describe('the library', () => {
  it('shows the assets newest first as a grid, with real thumbnails saved on the device, then as a list', async () => {
    const { user } = renderApp('/assets');
    expect(await cardNames()).toEqual(['Teaser.mp4', 'Tagline options', 'Spring brochure.pdf', 'Meadow hero.png']);
    expect(screen.getByTestId('asset-count').textContent).toBe('4 assets');
    // The pictures are fetched once and kept in Dexie (the text asset and the video have none).
    await waitFor(async () => expect((await db.assetThumbnails.toArray()).map((row) => row.assetId).sort()).toEqual([brochure.id, hero.id].sort()));
    await waitFor(() => expect(document.querySelectorAll('img.asset-thumb[src="blob:thumbnail"]')).toHaveLength(2));
    expect(api.callsTo(`GET /assets/${hero.id}/thumbnail`)).toHaveLength(1);
    // The text asset shows its first words; the video a typed tile.
    expect(screen.getByText('Taglines Grow something wonderful')).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: 'List view' }));
    const rows = await screen.findAllByTestId('asset-row');
    expect(rows).toHaveLength(4);
    expect(within(rows[2]!).getByText('PDF · 12 pages')).toBeTruthy();
    expect(within(rows[2]!).getByText(/Bo Colleague/)).toBeTruthy();
    expect(localStorage.getItem('mosaic.assets.view')).toBe('list');
  });

  it('filters by type, source and tag at once on the device, and clears them', async () => {
    const { user } = renderApp('/assets');
    await cards();
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'PDFs (1)' }));
    expect(await cardNames()).toEqual(['Spring brochure.pdf']);
    expect(screen.getByTestId('asset-count').textContent).toBe('1 of 4 assets');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await user.click(screen.getByRole('combobox', { name: 'Source' }));
    await user.click(await screen.findByRole('option', { name: 'Agent Mode (1)' }));
    expect(await cardNames()).toEqual(['Teaser.mp4']);

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await user.click(screen.getByRole('combobox', { name: 'Tag' }));
    await user.click(await screen.findByRole('option', { name: '#hero (1)' }));
    expect(await cardNames()).toEqual(['Meadow hero.png']);
  });

  it("search matches names, tags and descriptions on the device at once, and adds the server's matches deep in the text", async () => {
    const { user } = renderApp('/assets');
    await cards();
    fake.searchMatches = [brochure.id];
    await user.type(screen.getByRole('textbox', { name: 'Search assets' }), 'spring launch');
    // "spring launch" is in the hero's description (device); the brochure's text matched on the server.
    await waitFor(async () => expect(await cardNames()).toEqual(['Spring brochure.pdf', 'Meadow hero.png']));
    expect(api.callsTo('GET /assets/search').at(-1)?.query.get('q')).toBe('spring launch');

    await user.clear(screen.getByRole('textbox', { name: 'Search assets' }));
    await user.type(screen.getByRole('textbox', { name: 'Search assets' }), 'nothing like this');
    fake.searchMatches = [];
    expect(await screen.findByText('Nothing matches')).toBeTruthy();
  });
});

describe('the preview', () => {
  it('opens a picture at preview size with its details, and a text asset rendered as Markdown', async () => {
    const { user, location } = renderApp('/assets');
    await cards();
    await user.click(screen.getByRole('button', { name: 'Open Meadow hero.png' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Meadow hero.png' })).toBeTruthy();
    expect(within(dialog).getByText('PNG · 1,200 × 900 · 200 KB')).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByTestId('preview-image').getAttribute('data-full')).toBe('true'));
    expect(location()).toBe(`/assets?asset=${hero.id}`);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Open Tagline options' }));
    const text = await screen.findByTestId('preview-text');
    await waitFor(() => expect(within(text).getByText('Grow').tagName).toBe('STRONG'));
    // Read once, the text is kept on the device for offline reading.
    await waitFor(async () => expect((await db.assets.get(tagline.id))?.content).toContain('Bloom where you are'));
  });

  it('renames and tags from the preview; the grid follows', async () => {
    const { user } = renderApp(`/assets?asset=${hero.id}`);
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Meadow hero (final){Enter}');
    await waitFor(() => expect(api.callsTo(`PATCH /assets/${hero.id}`)[0]?.body).toEqual({ name: 'Meadow hero (final)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Add a tag' }), 'Launch{Enter}');
    await waitFor(() => expect(api.callsTo(`PATCH /assets/${hero.id}`)[1]?.body).toEqual({ tags: ['spring', 'hero', 'launch'] }));
    expect(await within(dialog).findByText('#launch')).toBeTruthy();
  });
});

describe('deleting', () => {
  it("a member deletes their own asset after confirming; another member's asset cannot be deleted, and says why", async () => {
    const { user } = renderApp('/assets');
    await cards();
    await user.click(screen.getByRole('button', { name: 'More actions for Spring brochure.pdf' }));
    const blocked = await screen.findByRole('menuitem', { name: 'Delete (added by someone else)' });
    expect(blocked.getAttribute('aria-disabled')).toBe('true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'More actions for Meadow hero.png' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete…' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText(/“Meadow hero.png” will be removed from Creative Assets for everyone in this space/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(async () => expect(await cardNames()).toEqual(['Teaser.mp4', 'Tagline options', 'Spring brochure.pdf']));
    expect(api.callsTo(`DELETE /assets/${hero.id}`)).toHaveLength(1);
    expect(await db.assetThumbnails.get(hero.id)).toBeUndefined();
  });
});

describe('states of the screen', () => {
  it('an empty library invites an upload; with no image model the screen says so once, in plain words', async () => {
    fake.assets = [];
    renderApp('/assets');
    expect(await screen.findByText('No assets yet')).toBeTruthy();
    const notes = await screen.findAllByText(/Creating images isn.t available yet/);
    expect(notes).toHaveLength(1);
    // No server set-up in the words a marketer reads.
    expect(notes[0]!.textContent).not.toMatch(/IMAGE_PROVIDER|server|administrator/);
    expect(screen.queryByRole('button', { name: /Generate image/ })).toBeNull();
  });

  it('offers Generate image when the server has an image model', async () => {
    fake.capabilities = { max_upload_bytes: 1024, image_generation: { available: true, model: 'openai:gpt-image-1', credits: 40 } };
    const { user } = renderApp('/assets');
    await user.click(await screen.findByRole('button', { name: /Generate image/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Costs 40 credits · openai:gpt-image-1. Refunded if no image is made.')).toBeTruthy();
    expect(screen.queryByText(/Creating images isn.t available yet/)).toBeNull();
  });
});
