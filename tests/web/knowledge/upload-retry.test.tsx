/**
 * A Knowledge Base upload cut off half-way keeps its file: the row says which file failed and
 * why, and Retry (offered while the connection is there) sends the same file again, signed anew,
 * without choosing it a second time.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { reportNetworkFailure, reportNetworkSuccess } from '../../../src/pwa';
import { installFakeApi, makeSpace, type FakeApi } from '../app/support/fake-api';
import { installHeldXhr } from '../app/support/held-xhr';
import { renderApp, signInAs } from '../app/support/render-app';
import { knowledgeDocument } from './knowledge-document';
import { prepareKnowledgeScreenTests } from './knowledge-screen-support';

prepareKnowledgeScreenTests();

let api: FakeApi;
let held: ReturnType<typeof installHeldXhr>;

beforeEach(async () => {
  // The hash check names the space by its id, which the contract wants as a UUID.
  api = installFakeApi({ spaces: [makeSpace('5b0c6a1e-8f3d-4c2a-9e7b-1d2f3a4b5c6d', 'Main Space', { is_default: true })] });
  held = installHeldXhr();
  api.on('GET /kb/documents', () => ({ status: 200, body: { documents: [], total: 0, next_cursor: null } }));
  api.on('POST /kb/hashes/check', (call) => ({ status: 200, body: { non_existing_hashes: (call.body as { hashes: string[] }).hashes, existing: [] } }));
  api.on('POST /kb/uploads/sign', (call) => ({
    status: 200,
    body: {
      url: `/api/v1/kb/uploads/target?token=t-${api.callsTo('POST /kb/uploads/sign').length}`,
      method: 'PUT',
      headers: { 'Content-Type': 'text/plain' },
      object_path: `uploads/s1/${api.callsTo('POST /kb/uploads/sign').length}/${call.query.get('filename')}`,
      content_type: 'text/plain',
      expires_at: '2099-01-01T00:00:00.000Z',
    },
  }));
  api.on('POST /kb/uploads/commit', (call) => {
    const body = call.body as { filename: string; hash: string; size: number };
    const document = knowledgeDocument('doc-1', 'processing', { filename: body.filename, hash: body.hash, size_bytes: body.size });
    return { status: 201, body: { id: 'doc-1', status: 'processing', document } };
  });
  await signInAs(api, 'org_member');
});

/** Chooses a file, uploads it, and cuts the connection under its PUT. */
async function uploadAndCutOff(filename: string) {
  const view = renderApp('/knowledge-base');
  await screen.findByRole('heading', { level: 1, name: 'Knowledge Base' });
  const picker = screen.getByLabelText('Choose files to upload');
  fireEvent.change(picker, { target: { files: [new File(['Spring campaign notes.'], filename, { type: 'text/plain' })] } });
  fireEvent.click(await screen.findByRole('button', { name: 'Upload 1 file' }));
  await waitFor(() => expect(held).toHaveLength(1));
  act(() => held[0]!.fail());
  const row = await screen.findByTestId('upload-row');
  await waitFor(() => expect(row.getAttribute('data-phase')).toBe('failed'));
  expect(within(row).getByText(/^Failed to upload campaign-notes\.txt: /)).toBeTruthy();
  return { view, row };
}

describe('a Knowledge Base upload cut off half-way', () => {
  it('says which file failed, and Retry sends the same file again', async () => {
    const { row } = await uploadAndCutOff('campaign-notes.txt');
    // The connection is back.
    reportNetworkSuccess();
    fireEvent.click(within(row).getByRole('button', { name: 'Retry campaign-notes.txt' }));

    await waitFor(() => expect(held).toHaveLength(2));
    act(() => held[1]!.answer(200));
    await waitFor(() => expect(row.getAttribute('data-phase')).toBe('done'));
    expect(api.callsTo('POST /kb/uploads/sign')).toHaveLength(2);
    const commits = api.callsTo('POST /kb/uploads/commit').map((call) => call.body as { filename: string; object_path: string });
    expect(commits).toEqual([expect.objectContaining({ filename: 'campaign-notes.txt', object_path: 'uploads/s1/2/campaign-notes.txt' })]);
    expect(within(row).queryByRole('button', { name: /Retry/ })).toBeNull();
  });

  it('offers Retry only while the connection is there', async () => {
    const { row } = await uploadAndCutOff('campaign-notes.txt');
    const retry = within(row).getByRole('button', { name: 'Retry campaign-notes.txt' }) as HTMLButtonElement;
    // Out of reach, not only reported so: a request made meanwhile fails too.
    api.offline = true;
    act(() => reportNetworkFailure());
    await waitFor(() => expect(retry.disabled).toBe(true));
    api.offline = false;
    act(() => reportNetworkSuccess());
    await waitFor(() => expect(retry.disabled).toBe(false));
  });

  it('is gone once the failed row is dismissed', async () => {
    await uploadAndCutOff('campaign-notes.txt');
    reportNetworkSuccess();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByTestId('upload-row')).toBeNull());
    expect(held).toHaveLength(1);
  });
});
