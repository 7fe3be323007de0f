/**
 * Who may do what with assets, checked on the server: members create and use; a member deletes
 * only what they added; owners and admins delete anyone's (the knowledge base's rule). Another
 * organisation sees nothing (404), and nobody gets anything without signing in (401).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Asset, AssetCollection } from '../../src/contract/assets';
import { API, addMember, registerOwner, type SignedIn } from '../helpers/server';
import { startedForSuite, preparedForSuite } from '../helpers/suite-fixtures';
import { addAsset, call, createAssetsTestApp, pngImage, type Caller } from './assets-helpers';

const DELETE_OTHERS = 'Members can delete only the assets they added. Ask an organisation owner or admin to delete this one.';

describe('assets: roles', () => {
  const t = startedForSuite(() => createAssetsTestApp());
  const owner = preparedForSuite(() => registerOwner(t.app));
  let as: Record<'owner' | 'admin' | 'member' | 'colleague' | 'stranger', Caller>;

  const textAsset = async (who: Caller, name: string) =>
    (await call(t.app, who, 'POST', '/assets/text', { name, content: `Words of ${name} ${Math.random()}`, source: 'chat' })).json<Asset>();

  beforeAll(async () => {
    const space = owner.defaultSpace.id;
    const admin: SignedIn = await addMember(t.app, t.database, owner, 'org_admin');
    const member: SignedIn = await addMember(t.app, t.database, owner, 'org_member');
    const colleague: SignedIn = await addMember(t.app, t.database, owner, 'org_member');
    const other = await registerOwner(t.app, { org_name: 'Rival Agency' });
    as = {
      owner: { token: owner.access_token, spaceId: space },
      admin: { token: admin.access_token, spaceId: space },
      member: { token: member.access_token, spaceId: space },
      colleague: { token: colleague.access_token, spaceId: space },
      stranger: { token: other.access_token, spaceId: other.defaultSpace.id },
    };
  });

  it('a member uploads, writes, lists, reads, renames, tags and downloads', async () => {
    const image = await addAsset(t.app, as.member, { filename: 'member-photo.png', contentType: 'image/png', bytes: await pngImage(90, 60) });
    const text = await textAsset(as.member, 'Member headline');
    expect((await call(t.app, as.member, 'GET', '/assets')).json<{ assets: Asset[] }>().assets.map((asset) => asset.id)).toEqual(expect.arrayContaining([image.id, text.id]));
    expect((await call(t.app, as.member, 'GET', `/assets/${text.id}`)).statusCode).toBe(200);
    expect((await call(t.app, as.member, 'POST', `/assets/${image.id}/download`)).statusCode).toBe(200);
    // The library is the team's: a colleague may rename and tag what someone else added.
    const renamed = await call(t.app, as.colleague, 'PATCH', `/assets/${image.id}`, { name: 'Team photo', tags: ['people'] });
    expect(renamed.json<Asset>()).toMatchObject({ name: 'Team photo', tags: ['people'], created_by: image.created_by });
  });

  it("a member deletes what they added, not a colleague's (403 with the reason)", async () => {
    const mine = await textAsset(as.member, 'Mine');
    const theirs = await textAsset(as.colleague, 'Theirs');
    expect((await call(t.app, as.member, 'DELETE', `/assets/${mine.id}`)).statusCode).toBe(204);
    const refused = await call(t.app, as.member, 'DELETE', `/assets/${theirs.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: DELETE_OTHERS, code: 'FORBIDDEN' });
    expect((await call(t.app, as.member, 'GET', `/assets/${theirs.id}`)).statusCode).toBe(200);
  });

  it("owners and admins delete anyone's assets, file and thumbnails included", async () => {
    const byMember = await addAsset(t.app, as.member, { filename: 'to-remove.png', contentType: 'image/png', bytes: await pngImage(70, 70, { r: 5, g: 50, b: 5 }) });
    const byColleague = await textAsset(as.colleague, 'Old tagline');
    expect((await call(t.app, as.admin, 'DELETE', `/assets/${byMember.id}`)).statusCode).toBe(204);
    expect((await call(t.app, as.owner, 'DELETE', `/assets/${byColleague.id}`)).statusCode).toBe(204);
    expect((await call(t.app, as.owner, 'GET', `/assets/${byMember.id}`)).statusCode).toBe(404);
  });

  it("collections follow the same rule: anyone makes and renames them; members delete only their own", async () => {
    const made = (await call(t.app, as.colleague, 'POST', '/assets/collections', { name: 'Colleague picks' })).json<AssetCollection>();
    expect((await call(t.app, as.member, 'PATCH', `/assets/collections/${made.id}`, { name: 'Team picks' })).statusCode).toBe(200);
    const refused = await call(t.app, as.member, 'DELETE', `/assets/collections/${made.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('Members can delete only the collections they made. Ask an organisation owner or admin to delete this one.');
    expect((await call(t.app, as.admin, 'DELETE', `/assets/collections/${made.id}`)).statusCode).toBe(204);
  });

  it("another organisation gets 404 for every asset endpoint, and cannot send its own space header to ours", async () => {
    const asset = await addAsset(t.app, as.owner, { filename: 'private.png', contentType: 'image/png', bytes: await pngImage(30, 30, { r: 99, g: 1, b: 1 }) });
    const collection = (await call(t.app, as.owner, 'POST', '/assets/collections', { name: 'Private' })).json<AssetCollection>();
    const attempts: [Parameters<typeof call>[2], string, object?][] = [
      ['GET', `/assets/${asset.id}`],
      ['GET', `/assets/${asset.id}/thumbnail`],
      ['GET', `/assets/${asset.id}/preview`],
      ['POST', `/assets/${asset.id}/download`],
      ['PATCH', `/assets/${asset.id}`, { name: 'Mine now' }],
      ['DELETE', `/assets/${asset.id}`],
      ['PATCH', `/assets/collections/${collection.id}`, { name: 'Mine now' }],
      ['DELETE', `/assets/collections/${collection.id}`],
    ];
    for (const [method, path, payload] of attempts) {
      const response = await call(t.app, as.stranger, method, path, payload);
      expect([method, path, response.statusCode]).toEqual([method, path, 404]);
    }
    expect((await call(t.app, as.stranger, 'GET', '/assets')).json<{ assets: Asset[] }>().assets).toEqual([]);
    const intoOurSpace = await call(t.app, { token: as.stranger.token, spaceId: as.owner.spaceId }, 'GET', '/assets');
    expect(intoOurSpace.statusCode).toBe(404);
    expect((await call(t.app, as.owner, 'GET', `/assets/${asset.id}`)).json<Asset>().name).toBe('private.png');
  });

  it('every asset endpoint needs a signed-in caller (401)', async () => {
    const routes: [string, string][] = [
      ['GET', '/assets'],
      ['GET', '/assets/search?q=x'],
      ['GET', '/assets/capabilities'],
      ['GET', '/assets/collections'],
      ['POST', '/assets/collections'],
      ['POST', '/assets/hashes/check'],
      ['POST', '/assets/uploads/sign?filename=a.png'],
      ['POST', '/assets/uploads/commit'],
      ['POST', '/assets/text'],
      ['POST', '/assets/from-message'],
      ['POST', '/assets/generate'],
      ['GET', '/assets/00000000-0000-4000-8000-000000000000'],
      ['DELETE', '/assets/00000000-0000-4000-8000-000000000000'],
    ];
    for (const [method, path] of routes) {
      const response = await t.app.inject({ method: method as 'GET', url: `${API}${path}`, headers: { 'x-space-id': as.owner.spaceId } });
      expect([method, path, response.statusCode]).toEqual([method, path, 401]);
    }
  });
});
