import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Space } from '../../src/contract/spaces';
import { agentRuns, auditEvents, chatMessages, chatSessions, kbDocuments, spaces } from '../../server/src/db/schema/index';
import { purgeDeletedSpace } from '../../server/src/services/spaces/space-deletion-job';
import { API, authHeaders, signInWithRole, type SignedIn } from '../helpers/server';
import { sendAsync, waitForReply, type AcceptedBody } from '../helpers/fake-openai-chat';
import { until } from '../helpers/wait-until';
import { startedForSuite, preparedForSuite } from '../helpers/suite-fixtures';
import { createKbTestApp, documentObjectPath, uploadFile, waitForProcessed } from './kb-helpers';
import { MIME } from './kb-fixtures';
import { addPerson, call, newOrganisation } from './org-helpers';

describe('spaces lifecycle: rename, describe, archive, restore, delete', () => {
  const t = startedForSuite(() => createKbTestApp());
  const owner = preparedForSuite(() => newOrganisation(t, 'Acme Marketing'));
  const admin = preparedForSuite(() => addPerson(t, owner, 'Ann Admin', 'org_admin'));
  const member = preparedForSuite(() => addPerson(t, owner, 'Mo Member'));
  const other = preparedForSuite(() => newOrganisation(t, 'Other Org'));

  let slugCounter = 0;
  async function newSpace(name: string, by: SignedIn = owner): Promise<Space> {
    slugCounter += 1;
    const response = await call(t, 'POST', '/spaces/', by.access_token, { name, slug: `space-${slugCounter}` });
    if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
    return response.json<Space>();
  }
  const listed = async (person: SignedIn) => (await call(t, 'GET', '/spaces/', person.access_token)).json<{ data: Space[] }>().data.map((s) => s.name);
  const workIn = (person: SignedIn, spaceId: string) =>
    t.app.inject({ method: 'GET', url: `${API}/settings/brand-voice`, headers: authHeaders(person.access_token, spaceId) });

  describe('who may do what', () => {
    it('lets owners and admins rename, describe, archive and restore; the slug stays', async () => {
      for (const [manager, season] of [[owner, 'Summer'], [admin, 'Winter']] as const) {
        const space = await newSpace('Spring Launch');
        const renamed = await call(t, 'PATCH', `/spaces/${space.id}`, manager.access_token, { name: `  ${season} Launch `, description: 'Beach ads' });
        expect(renamed.statusCode).toBe(200);
        expect(renamed.json()).toEqual({ ...space, name: `${season} Launch`, description: 'Beach ads' });
        const cleared = await call(t, 'PATCH', `/spaces/${space.id}`, manager.access_token, { description: '  ' });
        expect(cleared.json().description).toBeNull();

        expect((await call(t, 'POST', `/spaces/${space.id}/archive`, manager.access_token)).statusCode).toBe(200);
        expect(await listed(member)).not.toContain(`${season} Launch`);
        const archived = await call(t, 'GET', '/spaces/archived', manager.access_token);
        expect(archived.json().data).toContainEqual(expect.objectContaining({ id: space.id, name: `${season} Launch`, archived_at: expect.any(String) }));
        // An archived space is closed to work: a client still holding it is told it is not found.
        expect((await workIn(member, space.id)).json()).toEqual({ detail: 'Space not found', code: 'NOT_FOUND' });

        expect((await call(t, 'POST', `/spaces/${space.id}/restore`, manager.access_token)).statusCode).toBe(200);
        expect(await listed(member)).toContain(`${season} Launch`);
        expect((await workIn(member, space.id)).statusCode).toBe(200);
      }
    });

    it('refuses members every change, and changes nothing', async () => {
      const space = await newSpace('Members Cannot');
      const refusal = { detail: 'Only organisation owners and admins can rename, archive or delete spaces', code: 'FORBIDDEN' };
      const attempts = [
        call(t, 'GET', '/spaces/archived', member.access_token),
        call(t, 'PATCH', `/spaces/${space.id}`, member.access_token, { name: 'Mine now' }),
        call(t, 'POST', `/spaces/${space.id}/archive`, member.access_token),
        call(t, 'POST', `/spaces/${space.id}/restore`, member.access_token),
        call(t, 'POST', `/spaces/${space.id}/delete`, member.access_token, { confirm_name: 'Members Cannot' }),
      ];
      for (const response of await Promise.all(attempts)) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(refusal);
      }
      expect(await listed(member)).toContain('Members Cannot');
    });

    it("answers another organisation's owner 'Space not found' for every change", async () => {
      const space = await newSpace('Private Plans');
      const attempts = [
        call(t, 'PATCH', `/spaces/${space.id}`, other.access_token, { name: 'Stolen' }),
        call(t, 'POST', `/spaces/${space.id}/archive`, other.access_token),
        call(t, 'POST', `/spaces/${space.id}/restore`, other.access_token),
        call(t, 'POST', `/spaces/${space.id}/delete`, other.access_token, { confirm_name: 'Private Plans' }),
        call(t, 'PATCH', '/spaces/not-a-uuid', owner.access_token, { name: 'X' }),
      ];
      for (const response of await Promise.all(attempts)) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ detail: 'Space not found', code: 'NOT_FOUND' });
      }
      expect((await call(t, 'GET', '/spaces/archived', other.access_token)).json()).toEqual({ data: [], next_cursor: null });
      expect(await listed(owner)).toContain('Private Plans');
    });

    it('refuses platform admins', async () => {
      const promoted = await newOrganisation(t, 'Soon gone', 'Sys');
      const platformAdmin = await signInWithRole(t.app, t.database, promoted.email, 'system_admin');
      expect((await call(t, 'GET', '/spaces/archived', platformAdmin.access_token)).statusCode).toBe(403);
      expect((await call(t, 'PATCH', `/spaces/${owner.defaultSpace.id}`, platformAdmin.access_token, { name: 'X' })).statusCode).toBe(403);
    });
  });

  describe('rules', () => {
    it('never archives or deletes the default space', async () => {
      const archive = await call(t, 'POST', `/spaces/${owner.defaultSpace.id}/archive`, owner.access_token);
      expect(archive.statusCode).toBe(409);
      expect(archive.json().detail).toBe('The default space cannot be archived');
      const remove = await call(t, 'POST', `/spaces/${owner.defaultSpace.id}/delete`, owner.access_token, { confirm_name: owner.defaultSpace.name });
      expect(remove.statusCode).toBe(409);
      expect(remove.json().detail).toBe('The default space cannot be deleted');
      expect(await listed(owner)).toContain(owner.defaultSpace.name);
    });

    it('deletes only when the name is typed exactly, and names the problem otherwise', async () => {
      const space = await newSpace('Autumn Push');
      const wrong = await call(t, 'POST', `/spaces/${space.id}/delete`, owner.access_token, { confirm_name: 'autumn push' });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors).toEqual([{ field: 'confirm_name', message: 'Type the space name exactly as shown to delete it: Autumn Push' }]);
      expect(await listed(owner)).toContain('Autumn Push');
    });

    it('names bad edits', async () => {
      const space = await newSpace('Edit Me');
      const blank = await call(t, 'PATCH', `/spaces/${space.id}`, owner.access_token, { name: '  ' });
      expect(blank.statusCode).toBe(422);
      expect(blank.json().errors).toContainEqual({ field: 'name', message: 'Name is required' });
      const empty = await call(t, 'PATCH', `/spaces/${space.id}`, owner.access_token, {});
      expect(empty.statusCode).toBe(422);
    });
  });

  describe('deletion', () => {
    it('hides the space at once, then removes its documents, files, chats and runs in the background', async () => {
      const space = await newSpace('Doomed Campaign', admin);
      const caller = { token: owner.access_token, spaceId: space.id };
      const uploaded = await uploadFile(t.app, caller, { filename: 'brief.txt', contentType: MIME.txt, bytes: Buffer.from('Doomed brief: bake-off.') });
      expect(uploaded.commit.statusCode).toBe(201);
      const documentId = uploaded.commit.json<{ id: string }>().id;
      // Processed first, so no processing job is still running when the test app closes.
      await waitForProcessed(t.app, caller, documentId);
      const objectPath = await documentObjectPath(t, documentId);
      const chatCaller = { access_token: owner.access_token, spaceId: space.id };
      const send = await sendAsync(t.app, chatCaller, 'brand-voice', { message: 'Tagline for the doomed campaign' });
      const accepted = send.json<AcceptedBody>();
      await waitForReply(t.app, chatCaller, accepted.session_id, accepted.created_at);
      expect(await t.deps.storage.stat(objectPath)).not.toBeNull();

      const deleted = await call(t, 'POST', `/spaces/${space.id}/delete`, admin.access_token, { confirm_name: ' Doomed Campaign ' });
      expect(deleted.statusCode).toBe(202);
      expect(deleted.json()).toEqual({ id: space.id, status: 'deleting' });
      // Gone from every list and refused at once, before the background work has run.
      expect(await listed(member)).not.toContain('Doomed Campaign');
      expect((await workIn(owner, space.id)).json()).toEqual({ detail: 'Space not found', code: 'NOT_FOUND' });
      expect((await call(t, 'PATCH', `/spaces/${space.id}`, owner.access_token, { name: 'Back' })).statusCode).toBe(404);
      // Its slug is free again.
      expect((await call(t, 'POST', '/spaces/', owner.access_token, { name: 'Doomed Again', slug: space.slug })).statusCode).toBe(201);

      const db = t.database.db;
      await until('the deletion job removing the space', async () => (await db.select().from(spaces).where(eq(spaces.id, space.id))).length === 0);
      expect(await db.select().from(kbDocuments).where(eq(kbDocuments.spaceId, space.id))).toEqual([]);
      expect(await db.select().from(chatSessions).where(eq(chatSessions.spaceId, space.id))).toEqual([]);
      expect(await db.select().from(chatMessages).where(eq(chatMessages.spaceId, space.id))).toEqual([]);
      expect(await db.select().from(agentRuns).where(eq(agentRuns.spaceId, space.id))).toEqual([]);
      expect(await t.deps.storage.stat(objectPath)).toBeNull();
      const audit = await db.select().from(auditEvents).where(eq(auditEvents.action, 'spaces.deleted'));
      expect(audit.map((event) => event.targetId)).toContain(space.id);

      // Run again (a retry, a second worker): nothing left to do, no error.
      expect(await purgeDeletedSpace(db, t.deps.storage, space.id)).toEqual({ purged: false, files: 0 });
    });

    it('finishes when part of the work was already done (a file already gone)', async () => {
      const space = await newSpace('Half Done');
      const caller = { token: owner.access_token, spaceId: space.id };
      const paths: string[] = [];
      for (const name of ['one.txt', 'two.txt']) {
        const uploaded = await uploadFile(t.app, caller, { filename: name, contentType: MIME.txt, bytes: Buffer.from(`Text of ${name}`) });
        const documentId = uploaded.commit.json<{ id: string }>().id;
        await waitForProcessed(t.app, caller, documentId);
        paths.push(await documentObjectPath(t, documentId));
      }
      await t.deps.storage.delete(paths[0]!);

      expect((await call(t, 'POST', `/spaces/${space.id}/delete`, owner.access_token, { confirm_name: 'Half Done' })).statusCode).toBe(202);
      const db = t.database.db;
      await until('the deletion job removing the space', async () => (await db.select().from(spaces).where(eq(spaces.id, space.id))).length === 0);
      expect(await t.deps.storage.stat(paths[1]!)).toBeNull();
      expect(await db.select().from(kbDocuments).where(eq(kbDocuments.spaceId, space.id))).toEqual([]);
    });

    it('never purges a space that was not deleted', async () => {
      const space = await newSpace('Still Here');
      expect(await purgeDeletedSpace(t.database.db, t.deps.storage, space.id)).toEqual({ purged: false, files: 0 });
      expect(await listed(owner)).toContain('Still Here');
    });
  });
});
