import { describe, expect, it } from 'vitest';
import { waitFor, within } from '@testing-library/react';
import type { Role } from '../../../src/contract/auth';
import { DELETE_OTHERS_DOCUMENT_REASON, deleteDocumentBlockedReason } from '../../../src/contract/knowledge';
import type { KnowledgeDocument } from '../../../src/contract/knowledge';
import { installFakeApi } from '../app/support/fake-api';
import { renderApp, screen, signInAs } from '../app/support/render-app';
import { knowledgeDocument } from './knowledge-document';
import { prepareKnowledgeScreenTests } from './knowledge-screen-support';

prepareKnowledgeScreenTests();

const document = (id: string, filename: string, uploadedBy: string | null): KnowledgeDocument =>
  knowledgeDocument(id, 'ready', { filename, mime_type: 'text/plain', category: 'brand', auto_categorized: true, confidence_score: 0.8, uploaded_by: uploadedBy });

/** The Knowledge Base screen as `role`, whose user id is `u-{role}`: one document of theirs, one of someone else. */
async function openAs(role: Role) {
  const api = installFakeApi();
  const documents = [document('d0c00001', 'my-notes.txt', `u-${role}`), document('d0c00002', 'their-brief.txt', 'u-someone-else')];
  api.on('GET /kb/documents', () => ({ status: 200, body: { documents, total: documents.length, next_cursor: null } }));
  api.on('DELETE /kb/documents/d0c00001', () => ({ status: 204 }));
  await signInAs(api, role);
  const app = renderApp('/knowledge-base');
  const list = await screen.findByRole('list', { name: 'Documents' });
  await within(list).findByText('their-brief.txt');
  return { api, ...app };
}

const deleteButton = (filename: string) => screen.getByRole('button', { name: `Delete ${filename}` });

describe('who may delete a knowledge document', () => {
  it("shows a member delete on their own upload and, disabled with the reason, on someone else's", async () => {
    const { api, user } = await openAs('org_member');

    expect(deleteButton('their-brief.txt')).toHaveProperty('disabled', true);
    // The reason is read out with the control (and shown on hover or focus).
    const theirs = screen.getAllByRole('listitem').find((row) => within(row).queryByText('their-brief.txt'))!;
    expect(within(theirs).getByText(DELETE_OTHERS_DOCUMENT_REASON)).toBeTruthy();

    expect(deleteButton('my-notes.txt')).toHaveProperty('disabled', false);
    await user.click(deleteButton('my-notes.txt'));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE /kb/documents/d0c00001')).toHaveLength(1));
    expect(api.callsTo('DELETE /kb/documents/d0c00002')).toHaveLength(0);
  });

  it.each(['org_admin', 'org_owner'] as const)('lets an %s delete every document', async (role) => {
    await openAs(role);
    expect(deleteButton('my-notes.txt')).toHaveProperty('disabled', false);
    expect(deleteButton('their-brief.txt')).toHaveProperty('disabled', false);
    expect(screen.queryByText(DELETE_OTHERS_DOCUMENT_REASON)).toBeNull();
  });
});

describe('deleteDocumentBlockedReason (the rule the server enforces)', () => {
  it('allows owners and admins anything, members only their own uploads', () => {
    expect(deleteDocumentBlockedReason({ id: 'u1', role: 'org_owner' }, 'u2')).toBeNull();
    expect(deleteDocumentBlockedReason({ id: 'u1', role: 'org_admin' }, null)).toBeNull();
    expect(deleteDocumentBlockedReason({ id: 'u1', role: 'org_member' }, 'u1')).toBeNull();
    expect(deleteDocumentBlockedReason({ id: 'u1', role: 'org_member' }, 'u2')).toBe(DELETE_OTHERS_DOCUMENT_REASON);
    // The uploader's account is gone: only an owner or admin may delete it now.
    expect(deleteDocumentBlockedReason({ id: 'u1', role: 'org_member' }, null)).toBe(DELETE_OTHERS_DOCUMENT_REASON);
  });
});
