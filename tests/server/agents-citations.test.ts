/**
 * Sources of a reply (docs/agents.md "Sources"): the passages an answer is given are numbered
 * [1]…[n] across referenced, brand and knowledge passages; the reply records, per number, the
 * document and passage it stands for and whether the text cites it. Through a model provider (the
 * local OpenAI-compatible stand-in, real wire format), the offline engine, and a stop part way.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CitationDto } from '../../src/contract/citations';
import { API, authHeaders, registerOwner, type TestApp } from '../helpers/server';
import { startFakeOpenAi, type ChatCompletionRequest } from '../helpers/fake-openai';
import { seedDocument, sendAsync, waitForReply, type AcceptedBody, type Caller, type MessageBody } from '../helpers/fake-openai-chat';
import { openReplyStream } from '../helpers/reply-stream-client';
import { appForSuite, startedForSuite } from '../helpers/suite-fixtures';

const systemOf = (request: ChatCompletionRequest) => request.messages.find((m) => m.role === 'system')!.content as string;

/** The number the prompt gives the passage starting with `start` ("[3] (file)\n<passage>"). */
function numberInPrompt(system: string, start: string): number {
  const at = system.indexOf(start);
  expect(at, `passage "${start}" in the prompt`).toBeGreaterThan(-1);
  const marker = [...system.slice(0, at).matchAll(/\[(\d+)\] \([^)]*\)\n$/g)].at(-1);
  expect(marker, `a number right before "${start}"`).toBeDefined();
  return Number(marker![1]);
}

function setSettings(t: TestApp, caller: Caller, slug: string, body: object) {
  return t.app.inject({ method: 'PUT', url: `${API}/agents/${slug}/settings`, headers: authHeaders(caller.access_token, caller.spaceId), payload: body });
}

describe('citations of replies', () => {
  const fake = startedForSuite(() => startFakeOpenAi());
  const t = appForSuite(() => ({
    env: { OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl, LLM_MODEL: 'llama-test', AGENT_RUN_MAX_ATTEMPTS: '1', AGENT_POLL_HOLD_SECONDS: '120' },
  }));
  let caller: Caller;
  let pricing: string;
  let persona: string;
  let style: string;
  let baseUrl: string;

  beforeAll(async () => {
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await registerOwner(t.app);
    caller = { access_token: owner.access_token, spaceId: owner.defaultSpace.id };
    pricing = await seedDocument(t.database, {
      spaceId: caller.spaceId,
      filename: 'pricing-2026.pdf',
      passages: ['Intro to our pricing page.', 'The bakery plan costs 29 euros per month and includes a free sourdough workshop.'],
    });
    persona = await seedDocument(t.database, {
      spaceId: caller.spaceId,
      filename: 'personas.docx',
      passages: ['Ana runs a bakery in Lisbon, opens at six and reads Instagram at noon.'],
    });
    style = await seedDocument(t.database, {
      spaceId: caller.spaceId,
      filename: 'style-guide.md',
      category: 'brand',
      passages: ['We write warmly and plainly.', 'Never use exclamation marks in headlines.'],
    });
  });
  afterEach(() => fake.behave({}));

  it('numbers the passages in the prompt and records which document and passage each cited number is', async () => {
    // The stand-in model cites the pricing passage by the number the prompt gave it.
    fake.behave({
      reply: (request) => {
        const n = numberInPrompt(systemOf(request), 'The bakery plan costs');
        return `### Summary\n\nThe bakery plan is 29 euros a month [${n}].`;
      },
    });
    const accepted = (await sendAsync(t.app, caller, 'strategy-review', { message: 'What does the bakery plan cost per month?' })).json<AcceptedBody>();
    const result = await waitForReply(t.app, caller, accepted.session_id, accepted.created_at);
    const reply = result.messages.find((m) => m.role === 'assistant')!;

    const system = systemOf(fake.requests.at(-1)!);
    expect(system).toContain('end the sentence with that number, like [2]');
    const n = numberInPrompt(system, 'The bakery plan costs');
    const cited = reply.citations!.filter((citation) => citation.cited);
    expect(cited).toEqual([
      {
        n,
        document_id: pricing,
        filename: 'pricing-2026.pdf',
        passage: 1,
        excerpt: 'The bakery plan costs 29 euros per month and includes a free sourdough workshop.',
        cited: true,
      },
    ]);
    // Every passage the prompt carried is recorded under its number (the rest as consulted, not cited).
    const numbers = [...system.matchAll(/^\[(\d+)\] \(/gm)].map((match) => Number(match[1]));
    expect(reply.citations!.map((citation) => citation.n).sort((a, b) => a - b)).toEqual(numbers.sort((a, b) => a - b));

    // The chat's messages carry them too (what the screen and the service worker's copy read).
    const messages = await t.app.inject({ method: 'GET', url: `${API}/agents/sessions/${accepted.session_id}/messages`, headers: authHeaders(caller.access_token, caller.spaceId) });
    expect(messages.json<{ messages: MessageBody[] }>().messages.at(-1)!.citations).toEqual(reply.citations);
  });

  it('reads a referenced document even when the question shares no words with it, and numbers it first', async () => {
    fake.behave({ reply: () => 'Summary of the attachment [1].' });
    const accepted = (
      await sendAsync(t.app, caller, 'email', { message: 'Summarise this for me', referenced_document_ids: [persona], brand_documents: [style] })
    ).json<AcceptedBody>();
    const result = await waitForReply(t.app, caller, accepted.session_id, accepted.created_at);
    const system = systemOf(fake.requests.at(-1)!);
    expect(system).toMatch(/## Documents the user referenced\n\[1\] \(personas\.docx\)\nAna runs a bakery/);
    // The brand document comes next, under its own heading and the following number.
    expect(system).toMatch(/## Brand documents\n\[2\] \(style-guide\.md\)/);
    const citations = result.messages.find((m) => m.role === 'assistant')!.citations!;
    expect(citations[0]).toMatchObject({ n: 1, document_id: persona, passage: 0, cited: true });
    expect(citations[1]).toMatchObject({ n: 2, document_id: style, cited: false });
  });

  it('ignores a referenced document of another organisation', async () => {
    const stranger = await registerOwner(t.app);
    const foreign = await seedDocument(t.database, { spaceId: stranger.defaultSpace.id, filename: 'secret-plan.txt', passages: ['Confidential launch plan'] });
    fake.behave({ reply: () => 'Nothing to cite.' });
    const accepted = (await sendAsync(t.app, caller, 'email', { message: 'Summarise this', referenced_document_ids: [foreign] })).json<AcceptedBody>();
    const result = await waitForReply(t.app, caller, accepted.session_id, accepted.created_at);
    expect(systemOf(fake.requests.at(-1)!)).not.toContain('Confidential launch plan');
    const citations: CitationDto[] = result.messages.find((m) => m.role === 'assistant')!.citations!;
    expect(citations.some((citation) => citation.document_id === foreign)).toBe(false);
  });

  it('a stopped reply keeps the citations of the part that was written', async () => {
    const written = 'Ana opens at six [1]. ';
    fake.behave({ reply: () => `${written}${'More detail follows. '.repeat(60)}`, chunkSize: 5, pauseAfterCharacters: written.length });
    const accepted = (await sendAsync(t.app, caller, 'email', { message: 'Who is Ana?', referenced_document_ids: [persona] })).json<AcceptedBody>();
    const stream = await openReplyStream(baseUrl, caller, accepted.session_id);
    await stream.untilText(written.length);
    const stopped = await t.app.inject({ method: 'POST', url: `${API}/agents/sessions/${accepted.session_id}/stop`, headers: authHeaders(caller.access_token, caller.spaceId) });
    expect(stopped.statusCode).toBe(200);
    const message = stopped.json<{ message: MessageBody }>().message;
    expect(message.content.startsWith(written.trimEnd())).toBe(true);
    expect(message.citations![0]).toMatchObject({ n: 1, document_id: persona, cited: true });
    await stream.done();
  });

  it('the offline engine cites its quoted passages by number, with no sources footer in the text', async () => {
    expect((await setSettings(t, caller, 'brand-voice', { provider: 'offline' })).statusCode).toBe(200);
    const accepted = (await sendAsync(t.app, caller, 'brand-voice', { message: 'Is the bakery plan workshop copy on brand?' })).json<AcceptedBody>();
    const result = await waitForReply(t.app, caller, accepted.session_id, accepted.created_at);
    const reply = result.messages.find((m) => m.role === 'assistant')!;
    expect(reply.engine).toBe('offline/mosaic-offline-1');
    expect(reply.content).not.toContain('Sources:');
    // The quoted evidence names its document and carries that passage's number.
    const pricingCitation = reply.citations!.find((citation) => citation.document_id === pricing && citation.passage === 1)!;
    expect(pricingCitation.cited).toBe(true);
    expect(reply.content).toContain(`**pricing-2026.pdf** [${pricingCitation.n}]`);
  });
});
