/**
 * Image generation through the AI SDK against a local stand-in that speaks OpenAI's
 * /v1/images/generations over real HTTP: the picture becomes a generated asset with a real
 * thumbnail; it costs credits, refunded when the model refuses or fails; with no image model the
 * server says plainly that generation is not set up.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Asset, AssetCapabilities } from '../../src/contract/assets';
import { creditsOf } from '../helpers/fake-openai-chat';
import { colourOfPrompt, startFakeImageApi } from '../helpers/fake-image-api';
import { registerOwner } from '../helpers/server';
import { startedForSuite } from '../helpers/suite-fixtures';
import { call, createAssetsTestApp, pixelAt, waitForAsset, type Caller } from './assets-helpers';

const PROMPT = 'A flat lay of spring stationery on a pale green desk, soft morning light';

describe('image generation with no image model configured', () => {
  const t = startedForSuite(() => createAssetsTestApp());
  let caller: Caller;
  beforeAll(async () => {
    const owner = await registerOwner(t.app);
    caller = { token: owner.access_token, spaceId: owner.defaultSpace.id };
  });

  it('capabilities say it is unavailable, and a generation is refused with what to configure', async () => {
    const capabilities = (await call(t.app, caller, 'GET', '/assets/capabilities')).json<AssetCapabilities>();
    expect(capabilities).toEqual({ max_upload_bytes: 200 * 1024 * 1024, image_generation: { available: false, model: null, credits: 40 } });
    const refused = await call(t.app, caller, 'POST', '/assets/generate', { prompt: PROMPT });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: 'Image generation is not set up on this server. An administrator can turn it on by configuring an image model (IMAGE_PROVIDER, with OpenAI or an OpenAI-compatible server).',
      code: 'IMAGE_GENERATION_UNAVAILABLE',
    });
  });
});

describe('image generation with OpenAI (a local stand-in)', () => {
  const images = startedForSuite(() => startFakeImageApi());
  const t = startedForSuite(() => createAssetsTestApp({ env: { OPENAI_API_KEY: 'sk-test-images', OPENAI_BASE_URL: images.baseUrl } }));
  let caller: Caller;
  beforeAll(async () => {
    const owner = await registerOwner(t.app);
    caller = { token: owner.access_token, spaceId: owner.defaultSpace.id };
  });

  it('capabilities name the model; a landscape picture becomes a generated asset with the prompt as its description', async () => {
    expect((await call(t.app, caller, 'GET', '/assets/capabilities')).json<AssetCapabilities>().image_generation).toEqual({ available: true, model: 'openai:gpt-image-1', credits: 40 });
    const before = await creditsOf(t.app, { access_token: caller.token, spaceId: caller.spaceId });

    const response = await call(t.app, caller, 'POST', '/assets/generate', { prompt: PROMPT, shape: 'landscape' });
    expect(response.statusCode).toBe(201);
    const asset = response.json<Asset>();
    expect(asset).toMatchObject({ kind: 'image', source: 'generated', description: PROMPT, tags: ['generated'], mime_type: 'image/png' });
    expect(asset.name).toBe('A flat lay of spring stationery on a pale green desk, soft…');
    expect(images.requests.at(-1)).toMatchObject({ model: 'gpt-image-1', prompt: PROMPT, n: 1, size: '1536x1024' });
    expect(images.authorizations.at(-1)).toBe('Bearer sk-test-images');

    const ready = await waitForAsset(t.app, caller, asset.id);
    expect(ready).toMatchObject({ status: 'ready', width: 384, height: 256 });
    const thumbnail = await call(t.app, caller, 'GET', `/assets/${asset.id}/thumbnail`);
    expect(await pixelAt(thumbnail.rawPayload, 10, 10)).toEqual(colourOfPrompt(PROMPT));

    const after = await creditsOf(t.app, { access_token: caller.token, spaceId: caller.spaceId });
    expect(before.remaining - after.remaining).toBe(40);
  });

  it("a refused prompt answers 502 with the model's reason and refunds the credits", async () => {
    images.behave({ failWith: { status: 400, message: 'Your request was rejected by the safety system.' } });
    const before = await creditsOf(t.app, { access_token: caller.token, spaceId: caller.spaceId });
    const refused = await call(t.app, caller, 'POST', '/assets/generate', { prompt: 'Something not allowed' });
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toEqual({
      detail: 'The image model refused: Your request was rejected by the safety system. Your 40 credits were refunded; try again, or change the prompt.',
      code: 'IMAGE_GENERATION_FAILED',
    });
    expect((await creditsOf(t.app, { access_token: caller.token, spaceId: caller.spaceId })).remaining).toBe(before.remaining);
  });

  it('an answer that is not a picture is refused and refunded too; an empty prompt is 422', async () => {
    images.behave({ sendNotAnImage: true });
    const before = await creditsOf(t.app, { access_token: caller.token, spaceId: caller.spaceId });
    const refused = await call(t.app, caller, 'POST', '/assets/generate', { prompt: 'A picture please' });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().detail).toMatch(/Your 40 credits were refunded/);
    expect((await creditsOf(t.app, { access_token: caller.token, spaceId: caller.spaceId })).remaining).toBe(before.remaining);
    images.behave({});
    const empty = await call(t.app, caller, 'POST', '/assets/generate', { prompt: '  ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual([{ field: 'prompt', message: 'Describe the image you want' }]);
  });
});

describe('image generation with an OpenAI-compatible server named in IMAGE_PROVIDER', () => {
  it('uses IMAGE_MODEL at that server', async () => {
    const images = await startFakeImageApi();
    const t = await createAssetsTestApp({ env: { IMAGE_PROVIDER: 'openai-compatible', IMAGE_MODEL: 'flux-schnell', OPENAI_COMPATIBLE_BASE_URL: images.baseUrl } });
    try {
      const owner = await registerOwner(t.app);
      const caller = { token: owner.access_token, spaceId: owner.defaultSpace.id };
      const response = await call(t.app, caller, 'POST', '/assets/generate', { prompt: 'Square product shot', shape: 'square', name: 'Product shot' });
      expect(response.statusCode).toBe(201);
      expect(response.json<Asset>().name).toBe('Product shot');
      expect(images.requests).toEqual([expect.objectContaining({ model: 'flux-schnell', prompt: 'Square product shot', size: '1024x1024' })]);
    } finally {
      await t.close();
      await images.close();
    }
  });
});
