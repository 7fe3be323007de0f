/**
 * Uploading on the Creative Assets screen: files the library does not keep, or too large, are
 * refused on the device with the limit named and never sent; the others are hashed, checked for
 * duplicates, PUT to the signed URL with a progress bar, committed and shown; an upload whose
 * commit failed is resumed by Retry without sending the bytes again.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, type FakeApi } from '../app/support/fake-api';
import { installHeldXhr } from '../app/support/held-xhr';
import { renderApp, signInAs } from '../app/support/render-app';
import { asset, installFakeAssets, type FakeAssets } from './fake-assets';
import { prepareAssetsScreenTests } from './assets-screen-support';

let api: FakeApi;
let fake: FakeAssets;
let held: ReturnType<typeof installHeldXhr>;
const existing = asset({ name: 'logo.png' });

prepareAssetsScreenTests();
beforeEach(async () => {
  api = installFakeApi();
  fake = installFakeAssets(api, [existing]);
  fake.capabilities = { max_upload_bytes: 1024, image_generation: { available: false, model: null, credits: 40 } };
  held = installHeldXhr();
  await signInAs(api, 'org_member');
});

const file = (name: string, type: string, text: string) => new File([text], name, { type });
const picker = () => document.querySelector<HTMLInputElement>('input[type="file"][aria-label="Choose files to upload"]')!;

describe('uploading assets', () => {
  it('refuses an unsupported file and one over the limit on the device, naming the limit, without asking to sign', async () => {
    renderApp('/assets');
    await screen.findAllByTestId('asset-card');
    await waitFor(() => expect(api.callsTo('GET /assets/capabilities')).toHaveLength(1));
    // Dropped rather than chosen: a drop is not narrowed by the file picker's accepted types.
    const files = [file('setup.exe', 'application/x-msdownload', 'MZ'), file('huge.png', 'image/png', 'x'.repeat(2048))];
    fireEvent.drop(document.querySelector('.asset-drop')!, { dataTransfer: { files, types: ['Files'] } });
    const items = await screen.findAllByTestId('asset-upload');
    const reasons = items.map((item) => within(item).getByRole("alert").textContent);
    expect(reasons).toContainEqual(expect.stringMatching(/^"setup.exe" is not a file type Creative Assets keeps\. Upload images/));
    expect(reasons).toContain('"huge.png" is larger than the 1 KB limit for one asset. Compress or shorten it, then upload it again.');
    expect(api.callsTo('POST /assets/uploads/sign')).toHaveLength(0);
  });

  it('shows progress while the bytes go up, then the new asset in the library', async () => {
    const { user } = renderApp('/assets');
    await screen.findAllByTestId('asset-card');
    await user.upload(picker(), [file('banner.png', 'image/png', 'new banner bytes')]);
    await waitFor(() => expect(held).toHaveLength(1));
    expect(held[0]!.url).toBe('/api/v1/kb/uploads/target?token=t-banner.png');
    held[0]!.progress(8, 16);
    expect(await screen.findByRole('progressbar', { name: 'Uploading banner.png: 50%' })).toBeTruthy();
    expect(screen.getByText('Uploading 50%')).toBeTruthy();
    held[0]!.answer(200);
    const item = await screen.findByTestId('asset-upload');
    await waitFor(() => expect(within(item).getByText('Uploaded')).toBeTruthy());
    const commit = api.callsTo('POST /assets/uploads/commit')[0]!.body as { filename: string; hash: string; size: number };
    expect(commit).toMatchObject({ filename: 'banner.png', size: 16 });
    expect(commit.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await screen.findByRole('button', { name: 'Open banner.png' })).toBeTruthy();
  });

  it('a file already in the library (same content) is not sent, and says under which name', async () => {
    const bytes = 'the logo, byte for byte';
    const digest = [...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(bytes)))].map((b) => b.toString(16).padStart(2, '0')).join('');
    fake.assets[0]!.hash = digest;
    const { user } = renderApp('/assets');
    await screen.findAllByTestId('asset-card');
    await user.upload(picker(), [file('logo-copy.png', 'image/png', bytes)]);
    const item = await screen.findByTestId('asset-upload');
    await waitFor(() => expect(within(item).getByText('Already in Creative Assets as "logo.png"')).toBeTruthy());
    expect(api.callsTo('POST /assets/uploads/sign')).toHaveLength(0);
  });

  it('a failed commit keeps the stored bytes: Retry commits again without a second PUT', async () => {
    let commits = 0;
    api.on('POST /assets/uploads/commit', (call) => {
      commits += 1;
      if (commits === 1) return { status: 503, body: { detail: 'The database is busy. Try again in a moment.' } };
      const body = call.body as { filename: string; size: number; mime: string; hash: string };
      return { status: 201, body: asset({ name: body.filename, size_bytes: body.size, hash: body.hash, status: 'processing', thumbnail_version: null }) };
    });
    const { user } = renderApp('/assets');
    await screen.findAllByTestId('asset-card');
    await user.upload(picker(), [file('poster.png', 'image/png', 'poster bytes')]);
    await waitFor(() => expect(held).toHaveLength(1));
    held[0]!.answer(200);
    const item = await screen.findByTestId('asset-upload');
    await waitFor(() => expect(within(item).getByRole('alert').textContent).toBe('"poster.png" was not uploaded: The database is busy. Try again in a moment.'));
    await user.click(within(item).getByRole('button', { name: 'Retry poster.png' }));
    await waitFor(() => expect(within(screen.getByTestId('asset-upload')).getByText('Uploaded')).toBeTruthy());
    expect(held).toHaveLength(1);
    expect(api.callsTo('POST /assets/uploads/sign')).toHaveLength(1);
    const [first, second] = api.callsTo('POST /assets/uploads/commit').map((call) => (call.body as { object_path: string }).object_path);
    expect(second).toBe(first);
  });
});
