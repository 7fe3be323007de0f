/**
 * The library as a team uses it: text assets (the service Agent Mode calls, and POST /assets/text),
 * a chat reply saved whole or as copy variants, search by name, tag and text, filters by kind,
 * source, tag and collection, collections, rename, and assets attached to a chat message reaching
 * the model.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ASSET_LIMITS, type Asset, type AssetCollection } from '../../src/contract/assets';
import { assetCollections } from '../../server/src/db/schema/index';
import { createTextAsset } from '../../server/src/services/assets/text-assets.service';
import { sendAsync, waitForReply, type AcceptedBody } from '../helpers/fake-openai-chat';
import { startFakeOpenAi } from '../helpers/fake-openai';
import { registerOwner } from '../helpers/server';
import { startedForSuite, preparedForSuite } from '../helpers/suite-fixtures';
import { addAsset, call, createAssetsTestApp, pngImage, waitForAsset, type Caller } from './assets-helpers';

const names = (assets: Asset[]) => assets.map((asset) => asset.name);

describe('assets library', () => {
  const t = startedForSuite(() => createAssetsTestApp());
  const owner = preparedForSuite(() => registerOwner(t.app));
  const caller = preparedForSuite(() => ({ token: owner.access_token, spaceId: owner.defaultSpace.id }));

  const list = async (query = '') => (await call(t.app, caller, 'GET', `/assets${query}`)).json<{ assets: Asset[]; total: number }>();
  const search = async (query: string) => (await call(t.app, caller, 'GET', `/assets/search?${query}`)).json<{ assets: Asset[] }>();

  describe('text assets', () => {
    it('createTextAsset (what Agent Mode calls) keeps a deliverable with its source and run, ready at once', async () => {
      const asset = await createTextAsset(t.database.db, {
        spaceId: caller.spaceId,
        createdBy: owner.user.id,
        name: 'Spring launch email sequence',
        content: '## Email 1\n\nSubject: Spring is here for small businesses\n\nBody copy about the meadow collection.',
        source: 'agent_mode',
        sourceRef: 'run-2f6c',
        tags: ['Email', 'spring'],
      });
      expect(asset).toMatchObject({
        kind: 'text',
        mime_type: 'text/markdown',
        source: 'agent_mode',
        source_ref: 'run-2f6c',
        status: 'ready',
        tags: ['email', 'spring'],
        created_by: owner.user.id,
        created_by_name: owner.user.name,
        thumbnail_version: null,
      });
      // The card's excerpt is plain words (no Markdown marks).
      expect(asset.excerpt).toBe('Email 1 Subject: Spring is here for small businesses Body copy about the meadow collection.');
      const detail = (await call(t.app, caller, 'GET', `/assets/${asset.id}`)).json<Asset & { content: string }>();
      expect(detail.content).toBe('## Email 1\n\nSubject: Spring is here for small businesses\n\nBody copy about the meadow collection.');
    });

    it('the same deliverable saved again by a retried job is answered with the existing asset; a person saving it twice gets 409', async () => {
      const input = { spaceId: caller.spaceId, createdBy: owner.user.id, name: 'Deliverable', content: 'Exactly the same words.', source: 'agent_mode' as const };
      const first = await createTextAsset(t.database.db, input);
      const again = await createTextAsset(t.database.db, { ...input, onDuplicate: 'return-existing' });
      expect(again.id).toBe(first.id);
      const byHand = await call(t.app, caller, 'POST', '/assets/text', { name: 'Copy', content: 'Exactly the same words.', source: 'upload' });
      expect(byHand.statusCode).toBe(409);
      expect(byHand.json()).toEqual({ detail: 'This file is already in Creative Assets as "Deliverable"', code: 'DUPLICATE_ASSET' });
    });

    it('refuses an empty text and a missing name with 422 naming the field', async () => {
      const empty = await call(t.app, caller, 'POST', '/assets/text', { name: 'Blank', content: '   ', source: 'chat' });
      expect(empty.statusCode).toBe(422);
      expect(empty.json().errors).toEqual([{ field: 'content', message: 'The text is empty: there is nothing to save' }]);
      const unnamed = await call(t.app, caller, 'POST', '/assets/text', { name: ' ', content: 'words', source: 'chat' });
      expect(unnamed.json().errors).toEqual([{ field: 'name', message: 'Name is required' }]);
    });
  });

  describe('saving a chat reply', () => {
    let reply: { id: string; content: string };
    beforeAll(async () => {
      const accepted = await sendAsync(t.app, { access_token: caller.token, spaceId: caller.spaceId }, 'creative', { message: 'Give me three campaign concepts for our spring launch', mode: 'normal' });
      expect(accepted.statusCode).toBe(202);
      const body = accepted.json<AcceptedBody>();
      const polled = await waitForReply(t.app, { access_token: caller.token, spaceId: caller.spaceId }, body.session_id, body.created_at, 60_000);
      reply = polled.messages.find((message) => message.role === 'assistant')!;
    });

    it('whole: one text asset with the reply, source chat and the message as its reference', async () => {
      const saved = await call(t.app, caller, 'POST', '/assets/from-message', { message_id: reply.id });
      expect(saved.statusCode).toBe(201);
      const [asset] = saved.json<{ assets: Asset[] }>().assets;
      expect(asset).toMatchObject({ kind: 'text', source: 'chat', source_ref: reply.id, tags: ['creative'] });
      expect(asset!.name).toMatch(/^Creative: /);
      expect((await call(t.app, caller, 'GET', `/assets/${asset!.id}`)).json().content).toBe(reply.content.trim());
    });

    it("variants: the creative agent's concepts become one text asset each", async () => {
      const saved = await call(t.app, caller, 'POST', '/assets/from-message', { message_id: reply.id, split: 'variants' });
      expect(saved.statusCode).toBe(201);
      const variants = saved.json<{ assets: Asset[] }>().assets;
      expect(variants).toHaveLength(3);
      expect(names(variants)).toEqual([expect.stringMatching(/^Concept 1: /), expect.stringMatching(/^Concept 2: /), expect.stringMatching(/^Concept 3: /)]);
      expect(variants.every((variant) => variant.tags.includes('copy variant') && variant.source_ref === reply.id)).toBe(true);
      // Saving the same variants again is refused as a whole: nothing is half-saved.
      const again = await call(t.app, caller, 'POST', '/assets/from-message', { message_id: reply.id, split: 'variants' });
      expect(again.statusCode).toBe(409);
    });

    it("a user's own message, or another space's message, cannot be saved", async () => {
      const other = await registerOwner(t.app, { org_name: 'Elsewhere Ltd' });
      const stranger = { token: other.access_token, spaceId: other.defaultSpace.id };
      expect((await call(t.app, stranger, 'POST', '/assets/from-message', { message_id: reply.id })).statusCode).toBe(404);
    });
  });

  describe('search and filters', () => {
    let hero: Asset;
    let logo: Asset;
    let tagline: Asset;
    beforeAll(async () => {
      hero = await addAsset(t.app, caller, { filename: 'meadow-hero.png', contentType: 'image/png', bytes: await pngImage(400, 300) }, { tags: ['hero', 'spring'] });
      logo = await addAsset(t.app, caller, { filename: 'wordmark.png', contentType: 'image/png', bytes: await pngImage(200, 80, { r: 0, g: 0, b: 0 }) }, { tags: ['logo'] });
      tagline = (await call(t.app, caller, 'POST', '/assets/text', { name: 'Tagline options', content: 'Grow something wonderful this season.', source: 'upload', tags: ['copy'] })).json<Asset>();
      await waitForAsset(t.app, caller, hero.id);
      await waitForAsset(t.app, caller, logo.id);
    });

    it('finds by part of a name, by a tag and by words in the text (stemmed)', async () => {
      expect(names((await search('q=meado')).assets)).toContain('meadow-hero.png');
      expect(names((await search('q=logo')).assets)).toEqual(['wordmark.png']);
      expect(names((await search('q=growing%20seasons')).assets)).toEqual(['Tagline options']);
    });

    it('filters by kind, source and tag, newest first', async () => {
      expect(names((await list('?kind=image')).assets)).toEqual(expect.arrayContaining(['meadow-hero.png', 'wordmark.png']));
      expect((await list('?kind=image')).assets.every((asset) => asset.kind === 'image')).toBe(true);
      expect((await list('?source=agent_mode')).assets.every((asset) => asset.source === 'agent_mode')).toBe(true);
      expect(names((await list('?tag=Spring')).assets)).toEqual(['meadow-hero.png', 'Spring launch email sequence']);
      const all = (await list()).assets;
      expect(all.map((asset) => asset.created_at)).toEqual([...all.map((asset) => asset.created_at)].sort().reverse());
      expect((await call(t.app, caller, 'GET', '/assets?kind=spreadsheet')).statusCode).toBe(422);
    });

    it('collections: made, filled, filtered by, counted, renamed; deleting one keeps its assets', async () => {
      const made = await call(t.app, caller, 'POST', '/assets/collections', { name: 'Spring launch' });
      expect(made.statusCode).toBe(201);
      const collection = made.json<AssetCollection>();
      const clash = await call(t.app, caller, 'POST', '/assets/collections', { name: 'spring LAUNCH' });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().detail).toBe('There is already a collection called "spring LAUNCH"');

      const filed = await call(t.app, caller, 'PATCH', `/assets/${hero.id}`, { collection_ids: [collection.id], name: 'Meadow hero', description: 'Main visual' });
      expect(filed.json<Asset>()).toMatchObject({ name: 'Meadow hero', description: 'Main visual', collection_ids: [collection.id] });
      await call(t.app, caller, 'PATCH', `/assets/${tagline.id}`, { collection_ids: [collection.id] });
      expect(names((await list(`?collection=${collection.id}`)).assets).sort()).toEqual(['Meadow hero', 'Tagline options']);
      const counted = (await call(t.app, caller, 'GET', '/assets/collections')).json<{ collections: AssetCollection[] }>().collections;
      expect(counted).toEqual([expect.objectContaining({ name: 'Spring launch', asset_count: 2 })]);

      const renamed = await call(t.app, caller, 'PATCH', `/assets/collections/${collection.id}`, { name: 'Spring 2027' });
      expect(renamed.json<AssetCollection>()).toMatchObject({ name: 'Spring 2027', asset_count: 2 });
      expect((await call(t.app, caller, 'DELETE', `/assets/collections/${collection.id}`)).statusCode).toBe(204);
      expect((await call(t.app, caller, 'GET', `/assets/${hero.id}`)).json<Asset>().collection_ids).toEqual([]);
    });

    it('refuses a collection past the cap of a space with TOO_MANY_COLLECTIONS and what to do; deleting one makes room', async () => {
      const crowded = await registerOwner(t.app, { org_name: 'Many Shelves' });
      const inCrowded = { token: crowded.access_token, spaceId: crowded.defaultSpace.id };
      // All but one of the cap, made directly: the last one and the one past it go through the API.
      await t.database.db
        .insert(assetCollections)
        .values(Array.from({ length: ASSET_LIMITS.collectionsPerSpace - 1 }, (_, index) => ({ spaceId: crowded.defaultSpace.id, name: `Shelf ${index}`, createdBy: crowded.user.id })));
      const last = await call(t.app, inCrowded, 'POST', '/assets/collections', { name: 'The last one' });
      expect(last.statusCode).toBe(201);
      const past = await call(t.app, inCrowded, 'POST', '/assets/collections', { name: 'One too many' });
      expect(past.statusCode).toBe(409);
      expect(past.json()).toEqual({
        code: 'TOO_MANY_COLLECTIONS',
        detail: `A space can have at most ${ASSET_LIMITS.collectionsPerSpace} collections. Delete one you no longer need first; its assets stay in the library.`,
      });
      const listed = (await call(t.app, inCrowded, 'GET', '/assets/collections')).json<{ collections: AssetCollection[] }>().collections;
      expect(listed).toHaveLength(ASSET_LIMITS.collectionsPerSpace);
      // Another space is not affected, and a deletion makes room.
      expect((await call(t.app, caller, 'POST', '/assets/collections', { name: 'Room here' })).statusCode).toBe(201);
      expect((await call(t.app, inCrowded, 'DELETE', `/assets/collections/${last.json<AssetCollection>().id}`)).statusCode).toBe(204);
      expect((await call(t.app, inCrowded, 'POST', '/assets/collections', { name: 'One too many' })).statusCode).toBe(201);
    });

    it("refuses another space's collection and bad edits with 422", async () => {
      const other = await registerOwner(t.app, { org_name: 'Another Org' });
      const theirs = (await call(t.app, { token: other.access_token, spaceId: other.defaultSpace.id }, 'POST', '/assets/collections', { name: 'Theirs' })).json<AssetCollection>();
      const foreign = await call(t.app, caller, 'PATCH', `/assets/${logo.id}`, { collection_ids: [theirs.id] });
      expect(foreign.statusCode).toBe(422);
      expect(foreign.json().errors).toEqual([{ field: 'collection_ids', message: 'Collection not found' }]);
      const longTag = await call(t.app, caller, 'PATCH', `/assets/${logo.id}`, { tags: ['x'.repeat(41)] });
      expect(longTag.json().errors[0].field).toBe('tags');
      const blank = await call(t.app, caller, 'PATCH', `/assets/${logo.id}`, { name: '  ' });
      expect(blank.json().errors).toEqual([{ field: 'name', message: 'Name is required' }]);
    });
  });
});

describe('assets attached to a chat message', () => {
  const fake = startedForSuite(() => startFakeOpenAi({ reply: () => 'Here is a tighter version of your tagline.' }));
  const t = startedForSuite(() => createAssetsTestApp({ env: { LLM_PROVIDER: 'openai-compatible', OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl, LLM_MODEL: 'local-model' } }));
  let caller: Caller;

  beforeAll(async () => {
    const owner = await registerOwner(t.app);
    caller = { token: owner.access_token, spaceId: owner.defaultSpace.id };
  });

  it("the model is given a text asset's content and an image's name and description", async () => {
    const tagline = (await call(t.app, caller, 'POST', '/assets/text', { name: 'Tagline v2', content: 'Grow something wonderful this season.', source: 'chat' })).json<Asset>();
    const image = await addAsset(t.app, caller, { filename: 'meadow.png', contentType: 'image/png', bytes: await pngImage(320, 200) });
    await call(t.app, caller, 'PATCH', `/assets/${image.id}`, { description: 'Wildflowers at golden hour' });
    await waitForAsset(t.app, caller, image.id);

    const who = { access_token: caller.token, spaceId: caller.spaceId };
    const accepted = await sendAsync(t.app, who, 'creative', { message: 'Tighten this tagline for the hero image', mode: 'normal', asset_ids: [tagline.id, image.id] });
    expect(accepted.statusCode).toBe(202);
    const body = accepted.json<AcceptedBody>();
    await waitForReply(t.app, who, body.session_id, body.created_at, 60_000);

    const system = fake.requests.at(-1)!.messages.find((message) => message.role === 'system')!.content as string;
    expect(system).toContain('## Assets the user attached');
    expect(system).toContain('(Tagline v2)\nGrow something wonderful this season.');
    expect(system).toContain('Image asset "meadow.png" (320 × 200 px). Description: Wildflowers at golden hour');
  });

  it("refuses an attachment that is not an asset of the space (422) and charges nothing", async () => {
    const other = await registerOwner(t.app, { org_name: 'Other Studio' });
    const theirs = (await call(t.app, { token: other.access_token, spaceId: other.defaultSpace.id }, 'POST', '/assets/text', { name: 'Secret', content: 'Theirs only', source: 'chat' })).json<Asset>();
    const refused = await sendAsync(t.app, { access_token: caller.token, spaceId: caller.spaceId }, 'creative', { message: 'Use this', mode: 'normal', asset_ids: [theirs.id] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toBe('An attached asset is no longer in Creative Assets. Remove it from the message and send it again.');
  });
});
