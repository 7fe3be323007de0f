/**
 * Creative Assets offline: with the server unreachable, the library opens from Dexie as it was
 * last seen (cards, saved thumbnails, collections), a text asset read before opens in full, and
 * what needs the server (upload, download, delete) is disabled with the reason. (Space switch and
 * logout dropping them: tests/web/db/offline-data-lifecycle.test.ts.)
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src/db';
import { toAssetRow } from '../../../src/features/assets/assets.queries';
import { installFakeApi, type FakeApi } from '../app/support/fake-api';
import { renderApp, signInAs } from '../app/support/render-app';
import { asset, PNG_BYTES } from './fake-assets';
import { prepareAssetsScreenTests } from './assets-screen-support';

let api: FakeApi;
const photo = asset({ name: 'Shop window.jpg', mime_type: 'image/jpeg', collection_ids: ['c1'] });
const copy = asset({ name: 'Launch email', kind: 'text', mime_type: 'text/markdown', thumbnail_version: null, width: null, height: null, excerpt: '# Spring is here' });

const offline = () => {
  throw new TypeError('Failed to fetch');
};

prepareAssetsScreenTests('blob:saved-thumbnail');
beforeEach(async () => {
  api = installFakeApi();
  await signInAs(api, 'org_member');
  // What an earlier, online visit left on the device.
  await db.assets.bulkPut([toAssetRow('s1', photo), toAssetRow('s1', copy, '# Spring is here\n\nOur **meadow** collection arrives on Monday.')]);
  await db.assetCollections.put({ id: 'c1', spaceId: 's1', name: 'Window displays', assetCount: 1, createdBy: 'u-org_member', createdAt: '2026-03-01T09:00:00.000Z' });
  await db.assetThumbnails.put({ assetId: photo.id, spaceId: 's1', version: photo.thumbnail_version!, mimeType: 'image/webp', bytes: PNG_BYTES.slice().buffer, savedAt: Date.now() });
  for (const route of ['GET /assets', 'GET /assets/collections', 'GET /assets/capabilities', `GET /assets/${copy.id}`, `GET /assets/${photo.id}/thumbnail`, `GET /assets/${photo.id}/preview`]) api.on(route, offline);
});

describe('Creative Assets offline', () => {
  it('opens the saved library with its thumbnails and collections; server actions say they need a connection', async () => {
    const { user } = renderApp('/assets');
    const cards = await screen.findAllByTestId('asset-card');
    expect(cards).toHaveLength(2);
    await waitFor(() => expect(document.querySelector('img.asset-thumb')?.getAttribute('src')).toBe('blob:saved-thumbnail'));
    expect(api.callsTo(`GET /assets/${photo.id}/thumbnail`)).toHaveLength(0);
    expect(await screen.findByText(/The library could not be refreshed/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Upload/ }).hasAttribute('disabled')).toBe(true);

    await user.click(screen.getByRole('button', { name: /Window displays/ }));
    expect((await screen.findAllByTestId('asset-card')).map((card) => within(card).getByRole('button', { name: /^Open/ }).querySelector('.visually-hidden')?.textContent)).toEqual(['Open Shop window.jpg']);
  });

  it('a picture opens with its saved thumbnail and says the full size needs a connection; a text read before opens in full', async () => {
    const { user } = renderApp(`/assets?asset=${photo.id}`);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Showing the saved thumbnail: the full-size picture needs a connection.')).toBeTruthy();
    expect((await within(dialog).findByTestId('preview-image')).getAttribute('src')).toBe('blob:saved-thumbnail');
    expect(within(dialog).getByRole('textbox', { name: 'Name' }).hasAttribute('disabled')).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(await screen.findByRole('button', { name: 'Open Launch email' }));
    const text = await screen.findByTestId('preview-text');
    await waitFor(() => expect(within(text).getByText('meadow').tagName).toBe('STRONG'));
  });

});
