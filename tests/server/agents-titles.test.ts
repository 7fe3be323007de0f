/**
 * Chat titles (docs/agents.md "Titles"): a new chat is named from its first message, then from its
 * first exchange by the engine that answered (a short model call when a model is configured, the
 * offline engine's name otherwise); stored whole, never cut with dots; a renamed chat is never named
 * again; a failed title call keeps the first name; the share page shows the stored title.
 */
import { describe, expect, it } from 'vitest';
import { API, authHeaders, registerOwner } from '../helpers/server';
import { startFakeOpenAi } from '../helpers/fake-openai';
import { sendAsync, waitForReply, type AcceptedBody, type Caller } from '../helpers/fake-openai-chat';
import { appForSuite, preparedForSuite, startedForSuite } from '../helpers/suite-fixtures';
import { until } from '../helpers/wait-until';
import type { CreatedShareLinkDto, SharedChatDto } from '../../src/contract/chat-shares';

function helpers(t: { app: Parameters<typeof sendAsync>[0] }, caller: () => Caller) {
  const call = (method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `${API}${url}`, headers: authHeaders(caller().access_token, caller().spaceId), ...(payload ? { payload } : {}) });
  const titleOf = async (sessionId: string) => (await call('GET', `/agents/sessions/${sessionId}/messages`)).json<{ session: { title: string } }>().session.title;
  const ask = async (slug: string, message: string, sessionId?: string) => {
    const accepted = (await sendAsync(t.app, caller(), slug, { message, ...(sessionId ? { session_id: sessionId } : {}) })).json<AcceptedBody>();
    const result = await waitForReply(t.app, caller(), accepted.session_id, accepted.created_at);
    return { accepted, reply: result.messages.find((message) => message.role === 'assistant')! };
  };
  return { call, titleOf, ask };
}

describe('chat titles with the offline engine', () => {
  const t = appForSuite();
  const owner = preparedForSuite(() => registerOwner(t.app));
  const { call, titleOf, ask } = helpers(t, () => ({ access_token: owner.access_token, spaceId: owner.defaultSpace.id }));

  it('names a new chat naturally from its first message, and keeps the name after the reply', async () => {
    const { accepted } = await ask('email', 'Write a welcome email for new subscribers of our coffee subscription');
    expect(accepted.title).toBe('Welcome email for coffee subscribers');
    expect(await titleOf(accepted.session_id)).toBe('Welcome email for coffee subscribers');
  });

  it('stores a long title whole: never cut with dots (the client shortens it on screen)', async () => {
    const message = 'Supercalifragilisticexpialidocious marketing words for the very long product name we have chosen this spring';
    const { accepted } = await ask('creative', message);
    expect(accepted.title).not.toMatch(/\.\.\.|…/);
    expect(await titleOf(accepted.session_id)).toBe(accepted.title);
  });

  it('keeps a name given by hand, and the share page shows the stored title', async () => {
    const { accepted } = await ask('seo', 'Write an SEO brief for our pricing page');
    expect((await call('PATCH', `/agents/sessions/${accepted.session_id}`, { title: 'Pricing page brief (final)' })).statusCode).toBe(200);
    await ask('seo', 'And a meta description?', accepted.session_id);
    expect(await titleOf(accepted.session_id)).toBe('Pricing page brief (final)');
    const link = (await call('POST', `/agents/sessions/${accepted.session_id}/shares`)).json<CreatedShareLinkDto>();
    const shared = (await t.app.inject({ method: 'GET', url: `${API}/public/shares/${link.path.replace('/share/', '')}` })).json<SharedChatDto>();
    expect(shared.title).toBe('Pricing page brief (final)');
  });
});

describe('chat titles with a model', () => {
  const fake = startedForSuite(() => startFakeOpenAi());
  const t = appForSuite(() => ({
    env: { OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl, OPENAI_COMPATIBLE_API_KEY: 'local-key', LLM_MODEL: 'llama-test', AGENT_RUN_MAX_ATTEMPTS: '1' },
  }));
  const owner = preparedForSuite(() => registerOwner(t.app));
  const { call, titleOf, ask } = helpers(t, () => ({ access_token: owner.access_token, spaceId: owner.defaultSpace.id }));

  it('asks the model once for a title from the first message and reply, and stores it with the reply', async () => {
    fake.behave({ reply: () => '### Core insight\n\nCoffee lovers want to feel they chose well.', title: () => '"Spring coffee launch concepts."' });
    const before = fake.titleRequests.length;
    const { accepted, reply } = await ask('creative', 'Give me three campaign concepts for our spring coffee launch');
    expect(await titleOf(accepted.session_id)).toBe('Spring coffee launch concepts');
    const asked = fake.titleRequests.slice(before);
    expect(asked).toHaveLength(1);
    const sent = JSON.stringify(asked[0]!.messages);
    expect(sent).toContain('Give me three campaign concepts for our spring coffee launch');
    expect(sent).toContain('Coffee lovers want to feel they chose well.');
    // A short call: a few tokens.
    expect(asked[0]!.max_tokens).toBeLessThanOrEqual(32);

    // A later message, and a regenerated first reply, ask nothing more and keep the title.
    await ask('creative', 'Make the second one bolder', accepted.session_id);
    expect((await call('POST', `/agents/messages/${reply.id}/regenerate`)).statusCode).toBe(200);
    expect(fake.titleRequests.length).toBe(before + 1);
    expect(await titleOf(accepted.session_id)).toBe('Spring coffee launch concepts');
  });

  it('keeps the first name when the title call fails or answers with no usable title', async () => {
    fake.behave({ reply: () => 'A reply.', titleFailWith: 500 });
    const failed = await ask('email', 'Write a welcome email for new subscribers of our coffee subscription');
    expect(failed.reply.content).toBe('A reply.');
    expect(await titleOf(failed.accepted.session_id)).toBe('Welcome email for coffee subscribers');
    fake.behave({ reply: () => 'A reply.', title: () => '' });
    const empty = await ask('email', 'Write a welcome email for new subscribers of our coffee subscription');
    expect(await titleOf(empty.accepted.session_id)).toBe('Welcome email for coffee subscribers');
  });

  it('never renames a chat someone renamed while its first reply was being written', async () => {
    fake.behave({ hang: true, title: () => 'Generated title' });
    const accepted = (await sendAsync(t.app, { access_token: owner.access_token, spaceId: owner.defaultSpace.id }, 'seo', { message: 'Write an SEO brief for our pricing page' })).json<AcceptedBody>();
    await until('the model being asked', () => fake.requests.some((request) => JSON.stringify(request.messages).includes('SEO brief for our pricing page')));
    expect((await call('PATCH', `/agents/sessions/${accepted.session_id}`, { title: 'Named by hand' })).statusCode).toBe(200);
    const titleCalls = fake.titleRequests.length;
    fake.behave({ reply: () => 'The brief.', title: () => 'Generated title' });
    await waitForReply(t.app, { access_token: owner.access_token, spaceId: owner.defaultSpace.id }, accepted.session_id, accepted.created_at);
    expect(await titleOf(accepted.session_id)).toBe('Named by hand');
    expect(fake.titleRequests.length).toBe(titleCalls);
  });
});
