import { beforeAll, describe, expect, it } from 'vitest';
import { registerOwner } from '../helpers/server';
import { startFakeOpenAi } from '../helpers/fake-openai';
import { startedForSuite } from '../helpers/suite-fixtures';
import { BRAND_GUIDELINES, MIME } from './kb-fixtures';
import { createKbTestApp, uploadFile, waitForProcessed, type Caller } from './kb-helpers';

describe('categorising documents with a configured model', () => {
  const model = startedForSuite(() => startFakeOpenAi());
  const t = startedForSuite(() => createKbTestApp({
    env: { LLM_PROVIDER: 'openai-compatible', OPENAI_COMPATIBLE_BASE_URL: model.baseUrl, LLM_MODEL: 'tiny-test-model' },
  }));
  let caller: Caller;

  beforeAll(async () => {
    const owner = await registerOwner(t.app);
    caller = { token: owner.access_token, spaceId: owner.defaultSpace.id };
  });

  async function upload(filename: string, text: string) {
    const { commit } = await uploadFile(t.app, caller, { filename, contentType: MIME.txt, bytes: Buffer.from(text) });
    expect(commit.statusCode).toBe(201);
    return waitForProcessed(t.app, caller, commit.json().id);
  }

  it("files the document where the model says, with the model's confidence", async () => {
    model.behave({ reply: () => 'Sure: {"category": "analytics", "subcategory": "attribution", "confidence": 0.82}' });
    const document = await upload('notes.txt', BRAND_GUIDELINES);
    expect(document).toMatchObject({ status: 'ready', category: 'analytics', subcategory: 'attribution', auto_categorized: true });
    expect(document.confidence_score).toBeCloseTo(0.82);
    const asked = model.requests.at(-1)!;
    expect(asked.model).toBe('tiny-test-model');
    expect(JSON.stringify(asked.messages)).toContain('File name: notes.txt');
  });

  it('falls back to the keyword classifier when the model answers outside the taxonomy', async () => {
    model.behave({ reply: () => '{"category": "astrology", "subcategory": "horoscopes", "confidence": 1}' });
    const document = await upload('Acme brand guidelines.txt', `${BRAND_GUIDELINES}\n\nSecond edition.`);
    expect(document).toMatchObject({ status: 'ready', category: 'brand', auto_categorized: true });
  });

  it('still processes the document when the model is down', async () => {
    model.behave({ failWith: 500 });
    const document = await upload('Acme brand book.txt', `${BRAND_GUIDELINES}\n\nThird edition.`);
    expect(document).toMatchObject({ status: 'ready', category: 'brand' });
  });
});
