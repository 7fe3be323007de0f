/**
 * Files attached from the computer in the message box, on the real chat screen: the paperclip
 * uploads into the knowledge base (sign → PUT with progress → commit), a chip per file says how it
 * goes, a message sent meanwhile waits and says so, and once processed the file goes with the
 * message as a referenced document. A cut-off upload says why and Retry sends it again. Removing a
 * file while it uploads cancels the upload: nothing of it is left in the knowledge base. An image
 * goes into Creative Assets and with the message as an asset. Offline the paperclip is disabled and
 * says why.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '../../../src/db';
import { reportNetworkFailure, reportNetworkSuccess } from '../../../src/pwa';
import { makeSpace, type FakeApi } from '../app/support/fake-api';
import { installHeldXhr } from '../app/support/held-xhr';
import { renderApp } from '../app/support/render-app';
import { asset } from '../assets/fake-assets';
import { knowledgeDocument } from '../knowledge/knowledge-document';
import { message } from './fake-agents';
import { sessionWith, setUpChatScreenTests } from './chat-support';

/** Whole screens on a shared, busy machine: more room than the default per test. */
const SLOW = { timeout: 120_000 };
let api: FakeApi;
let held: ReturnType<typeof installHeldXhr>;

setUpChatScreenTests({
  role: 'org_member',
  prepare: (fake) => {
    api = fake;
    // The hash check names the space by its id, which the contract wants as a UUID.
    api.spaces = [makeSpace('5b0c6a1e-8f3d-4c2a-9e7b-1d2f3a4b5c6d', 'Main Space', { is_default: true })];
    held = installHeldXhr();
    sessionWith(api, [message('m1', 'sess-1', 'user', 'Hello', '2026-03-01T09:00:00.000Z'), message('m2', 'sess-1', 'assistant', 'Hi there.', '2026-03-01T09:00:05.000Z')]);
    api.on('GET /agents/seo/documents', () => ({ status: 200, body: { documents: [], next_cursor: null } }));
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
      return { status: 201, body: { id: 'doc-9', status: 'processing', document: knowledgeDocument('doc-9', 'processing', { filename: body.filename, hash: body.hash, size_bytes: body.size }) } };
    });
    // Small text files are read by the time their status is asked for.
    api.on('GET /kb/documents/doc-9/status', () => ({ status: 200, body: knowledgeDocument('doc-9', 'ready', { filename: 'launch-brief.txt' }) }));
  },
});

async function openChat() {
  const app = renderApp('/agents/seo/chat/sess-1');
  await screen.findByRole('log', { name: 'Conversation' }, { timeout: 45_000 });
  await screen.findByRole('button', { name: 'Attach files from your computer' });
  return app;
}

function chooseFile(filename: string) {
  fireEvent.change(screen.getByLabelText('Choose files to attach'), { target: { files: [new File(['Balcony planters lead the spring range.'], filename, { type: 'text/plain' })] } });
}

describe('attaching files in the message box', SLOW, () => {
  it('shows the upload in a chip; a message sent meanwhile waits for the file, then goes with it', async () => {
    const { user } = await openChat();
    chooseFile('launch-brief.txt');
    await waitFor(() => expect(held).toHaveLength(1));
    const chips = screen.getByRole('list', { name: 'Files being attached' });
    act(() => held[0]!.progress(40, 100));
    expect(await within(chips).findByText('Uploading 40%')).toBeTruthy();
    expect(within(chips).getByRole('progressbar', { name: 'Uploading launch-brief.txt' })).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Who is the launch for?{Enter}');
    expect(await screen.findByText('Your message will be sent when 1 file is ready.')).toBeTruthy();
    expect(api.callsTo('POST /agents/seo/messages/async')).toHaveLength(0);
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe('Who is the launch for?');

    act(() => held[0]!.answer(200));
    await waitFor(() => expect(api.callsTo('POST /agents/seo/messages/async')).toHaveLength(1));
    expect(api.callsTo('POST /agents/seo/messages/async')[0]!.body).toMatchObject({ message: 'Who is the launch for?', referenced_document_ids: ['doc-9'] });
    expect(api.callsTo('POST /kb/uploads/commit')[0]!.body).toMatchObject({ filename: 'launch-brief.txt', auto_categorized: true });
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Files being attached' })).toBeNull());
  });

  it('says why a cut-off upload failed, holds the message, and Retry sends the file again', async () => {
    const { user } = await openChat();
    chooseFile('launch-brief.txt');
    await waitFor(() => expect(held).toHaveLength(1));
    act(() => held[0]!.fail());
    const chip = await screen.findByTestId('attachment-chip');
    await waitFor(() => expect(chip.getAttribute('data-phase')).toBe('failed'));
    expect(within(chip).getByText(/^Failed to upload launch-brief\.txt: /)).toBeTruthy();
    expect(screen.getByText('1 file could not be attached. Retry or remove it to send.')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Who is the launch for?');
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);

    reportNetworkSuccess();
    await user.click(within(chip).getByRole('button', { name: 'Retry launch-brief.txt' }));
    await waitFor(() => expect(held).toHaveLength(2));
    act(() => held[1]!.answer(200));
    // Processed: it is one of the message's documents, as if ticked in the Context picker.
    const documents = await screen.findByRole('list', { name: 'Documents for this message' });
    expect(within(documents).getByText('launch-brief.txt')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('cancels the upload when its chip is removed: the PUT is aborted and nothing is committed or listed', async () => {
    const { user } = await openChat();
    chooseFile('launch-brief.txt');
    await waitFor(() => expect(held).toHaveLength(1));
    act(() => held[0]!.progress(40, 100));
    const chips = screen.getByRole('list', { name: 'Files being attached' });
    expect(await within(chips).findByText('Uploading 40%')).toBeTruthy();

    await user.click(within(chips).getByRole('button', { name: 'Remove launch-brief.txt' }));
    expect(held[0]!.aborted).toBe(true);
    expect(screen.queryByRole('list', { name: 'Files being attached' })).toBeNull();
    expect(screen.queryByText(/could not be attached|will be sent when/)).toBeNull();
    expect(api.callsTo('POST /kb/uploads/commit')).toHaveLength(0);
    expect(await db.documents.count()).toBe(0);
  });

  it('deletes the document when the chip is removed while the commit is on its way', async () => {
    let commitAnswered: () => void = () => undefined;
    const committing = new Promise<void>((resolve) => (commitAnswered = resolve));
    const commitArrived = new Promise<void>((resolve) => {
      api.on('POST /kb/uploads/commit', async (call) => {
        resolve();
        await committing;
        const body = call.body as { filename: string; hash: string; size: number };
        return { status: 201, body: { id: 'doc-9', status: 'processing', document: knowledgeDocument('doc-9', 'processing', { filename: body.filename, hash: body.hash, size_bytes: body.size }) } };
      });
    });
    api.on('DELETE /kb/documents/doc-9', () => ({ status: 204 }));
    const { user } = await openChat();
    chooseFile('launch-brief.txt');
    await waitFor(() => expect(held).toHaveLength(1));
    act(() => held[0]!.answer(200));
    await commitArrived;

    await user.click(screen.getByRole('button', { name: 'Remove launch-brief.txt' }));
    expect(screen.queryByRole('list', { name: 'Files being attached' })).toBeNull();
    commitAnswered();
    await waitFor(() => expect(api.callsTo('DELETE /kb/documents/doc-9')).toHaveLength(1));
    expect(await db.documents.count()).toBe(0);
    expect(screen.queryByRole('list', { name: 'Documents for this message' })).toBeNull();
    expect(api.callsTo('GET /kb/documents/doc-9/status')).toHaveLength(0);
  });

  it('puts an image into Creative Assets, says so on its chip, and sends it with the message as an asset', async () => {
    const image = asset({ id: 'asset-moodboard', name: 'moodboard.png', status: 'processing' });
    api.on('POST /assets/hashes/check', (call) => ({ status: 200, body: { non_existing_hashes: (call.body as { hashes: string[] }).hashes, existing: [] } }));
    api.on('POST /assets/uploads/sign', () => ({
      status: 200,
      body: { url: '/api/v1/kb/uploads/target?token=img', method: 'PUT', headers: { 'Content-Type': 'image/png' }, object_path: 'uploads/s1/img/moodboard.png', content_type: 'image/png', expires_at: '2099-01-01T00:00:00.000Z' },
    }));
    api.on('POST /assets/uploads/commit', () => ({ status: 201, body: image }));
    const { user } = await openChat();
    fireEvent.change(screen.getByLabelText('Choose files to attach'), { target: { files: [new File([new Uint8Array([137, 80, 78, 71])], 'moodboard.png', { type: 'image/png' })] } });
    await waitFor(() => expect(held).toHaveLength(1));
    act(() => held[0]!.answer(200));
    const chips = screen.getByRole('list', { name: 'Files being attached' });
    expect(await within(chips).findByText('Added to Creative Assets')).toBeTruthy();
    expect(api.callsTo('POST /kb/uploads/sign')).toHaveLength(0);
    expect(api.callsTo('POST /assets/uploads/commit')[0]!.body).toMatchObject({ filename: 'moodboard.png', mime: 'image/png' });
    expect((await db.assets.get('asset-moodboard'))?.name).toBe('moodboard.png');
    // Nothing to wait for: the image is attached.
    expect(screen.queryByText(/will be sent when|Attaching/)).toBeNull();

    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Write a caption for this{Enter}');
    await waitFor(() => expect(api.callsTo('POST /agents/seo/messages/async')).toHaveLength(1));
    expect(api.callsTo('POST /agents/seo/messages/async')[0]!.body).toMatchObject({ message: 'Write a caption for this', asset_ids: ['asset-moodboard'] });
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Files being attached' })).toBeNull());
  });

  it('disables the paperclip offline and says why', async () => {
    await openChat();
    // Out of reach, not only reported so: a request made meanwhile fails too.
    api.offline = true;
    act(() => reportNetworkFailure());
    const clip = () => screen.getByRole('button', { name: 'Attach files from your computer' }) as HTMLButtonElement;
    await waitFor(() => expect(clip().disabled).toBe(true));
    expect(within(clip().parentElement!).getByText("You're offline. This needs a connection.")).toBeTruthy();
    api.offline = false;
    act(() => reportNetworkSuccess());
    await waitFor(() => expect(clip().disabled).toBe(false));
  });
});
