/**
 * A local stand-in for an OpenAI-compatible server (OpenAI, Ollama, vLLM, LM Studio all speak it),
 * at the network edge: real HTTP, the real /v1/chat/completions wire format, including
 * Server-Sent Events streaming (`data: {chunk}` lines ending with `data: [DONE]`), and the real
 * /v1/embeddings wire format with deterministic vectors (see fakeEmbedding). It can answer with tool
 * calls (`respond`), streamed as the real API streams them, for tests of tool calling.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeHttpServer } from './close-http-server';
import { TITLE_SYSTEM_PROMPT } from '../../server/src/services/agents/titles';

export interface ChatCompletionRequest {
  model: string;
  stream?: boolean;
  messages: {
    role: string;
    content: string | null | { type: string; text?: string }[];
    tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
    tool_call_id?: string;
  }[];
  temperature?: number;
  max_tokens?: number;
  tools?: { type: 'function'; function: { name: string; description?: string; parameters?: unknown } }[];
}

/** A model turn that calls tools instead of writing text (the real API's `tool_calls`). */
export interface FakeToolCalls {
  toolCalls: { name: string; arguments: Record<string, unknown> }[];
}

/**
 * Words the fake embedding model treats as one meaning, so a test can ask with words a passage
 * does not contain and still be near it (what a real embedding model does for synonyms).
 */
export const FAKE_EMBEDDING_SYNONYMS: readonly (readonly string[])[] = [
  ['revenue', 'income', 'earnings', 'turnover', 'proceeds'],
  ['customer', 'client', 'shopper', 'buyer', 'patron'],
  ['advert', 'advertisement', 'commercial', 'promo'],
  ['cheap', 'affordable', 'inexpensive', 'budget'],
];
export const FAKE_EMBEDDING_DIMENSIONS = 256;

const MEANING = new Map(FAKE_EMBEDDING_SYNONYMS.flatMap((group) => group.map((word) => [word, group[0]!] as const)));

/**
 * A deterministic embedding: a hashed bag of meanings (each word, plural "s" dropped, mapped
 * through FAKE_EMBEDDING_SYNONYMS), signed per bucket and L2-normalised, so texts sharing words
 * or synonyms are near in cosine distance and unrelated texts are far.
 */
export function fakeEmbedding(text: string, dimensions = FAKE_EMBEDDING_DIMENSIONS): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const raw of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    const singular = raw.length > 3 && raw.endsWith('s') ? raw.slice(0, -1) : raw;
    const digest = createHash('sha256').update(MEANING.get(raw) ?? MEANING.get(singular) ?? singular).digest();
    vector[digest.readUInt16BE(0) % dimensions]! += digest[2]! & 1 ? 1 : -1;
  }
  const norm = Math.hypot(...vector) || 1;
  return vector.map((value) => value / norm);
}

/**
 * A failure's headers. OpenAI's API names how long to wait before retrying in `retry-after-ms`,
 * and the AI SDK's own retries honour it: 50 ms here, instead of the SDK's 2 s, 4 s… back-off.
 */
const FAILURE_HEADERS = { 'content-type': 'application/json', 'retry-after-ms': '50' };

export interface EmbeddingsRequest {
  model: string;
  input: string | string[];
  encoding_format?: string;
}

export interface FakeOpenAiBehaviour {
  /** /v1/embeddings answers with this HTTP status (and an OpenAI-style error body) instead. */
  embeddingsFailWith?: number;
  /** The reply text for a request (default: echoes the last user message). */
  reply?: (request: ChatCompletionRequest) => string;
  /** Instead of `reply`: text, or tool calls the client is to run and answer in its next request. */
  respond?: (request: ChatCompletionRequest) => string | FakeToolCalls;
  /** Answer with this HTTP status and an OpenAI-style error body instead. */
  failWith?: number;
  /** Fail only the first n requests (then behave normally). */
  failTimes?: number;
  /** Delay before the first byte, in ms. */
  delayMs?: number;
  /** Hold requests unanswered until the behaviour changes to one without `hang` (or the server closes). */
  hang?: boolean;
  /** Characters per streamed chunk. */
  chunkSize?: number;
  /** Stream this many characters, then hold the rest until `resumeStreams()` (or the server closes). */
  pauseAfterCharacters?: number;
  /**
   * The answer to a chat-title request (the short call after a chat's first reply, recognised by its
   * system prompt). Title requests are answered at once and kept apart in `titleRequests`, so the
   * behaviours above (hang, failWith…) and `requests` stay about the answers themselves.
   */
  title?: (request: ChatCompletionRequest) => string;
  /** Title requests answer with this HTTP status instead. */
  titleFailWith?: number;
}

export interface FakeOpenAi {
  /** Base URL including /v1, as OPENAI_COMPATIBLE_BASE_URL expects. */
  baseUrl: string;
  requests: ChatCompletionRequest[];
  /** Every chat-title request received (see `FakeOpenAiBehaviour.title`). */
  titleRequests: ChatCompletionRequest[];
  /** Every /v1/embeddings request received (answered or failed). */
  embeddingRequests: EmbeddingsRequest[];
  authorizations: (string | undefined)[];
  behave(next: FakeOpenAiBehaviour): void;
  /**
   * Answers one request held by `hang` (its index in `requests`) with `answer` instead of the
   * current behaviour; the others stay held. Throws when that request is not being held.
   */
  release(index: number, answer: FakeOpenAiBehaviour): void;
  /** Lets streams held by `pauseAfterCharacters` write the rest of their reply. */
  resumeStreams(): void;
  /** Streamed replies whose client went away before the end (a stopped model call). */
  abandoned(): number;
  close(): Promise<void>;
}

function lastUserText(request: ChatCompletionRequest): string {
  const last = [...request.messages].reverse().find((message) => message.role === 'user');
  if (!last || last.content === null) return '';
  return typeof last.content === 'string' ? last.content : last.content.map((part) => part.text ?? '').join('');
}

async function readJson<T = ChatCompletionRequest>(request: IncomingMessage): Promise<T> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as T;
}

async function answerEmbeddings(req: IncomingMessage, res: ServerResponse, behaviour: FakeOpenAiBehaviour, log: EmbeddingsRequest[]): Promise<void> {
  const body = await readJson<EmbeddingsRequest>(req);
  log.push(body);
  if (behaviour.embeddingsFailWith) {
    res
      .writeHead(behaviour.embeddingsFailWith, FAILURE_HEADERS)
      .end(JSON.stringify({ error: { message: 'The fake embedding model is failing on purpose', type: 'server_error', code: null } }));
    return;
  }
  const inputs = Array.isArray(body.input) ? body.input : [body.input];
  const tokens = inputs.reduce((sum, text) => sum + (text.match(/\S+/g)?.length ?? 0), 0);
  res.writeHead(200, { 'content-type': 'application/json' }).end(
    JSON.stringify({
      object: 'list',
      data: inputs.map((text, index) => ({ object: 'embedding', index, embedding: fakeEmbedding(text) })),
      model: body.model,
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    }),
  );
}

function answerToolCalls(res: ServerResponse, body: ChatCompletionRequest, turn: FakeToolCalls, id: string, created: number): void {
  const calls = turn.toolCalls.map((call, index) => ({ index, id: `call_${randomUUID().slice(0, 8)}`, type: 'function' as const, function: { name: call.name, arguments: JSON.stringify(call.arguments) } }));
  const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
  if (!body.stream) {
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id,
        object: 'chat.completion',
        created,
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: null, tool_calls: calls.map(({ index: _index, ...call }) => call) }, finish_reason: 'tool_calls' }],
        usage,
      }),
    );
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const send = (payload: unknown) => res.write(`data: ${JSON.stringify(payload)}\n\n`);
  send({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [{ index: 0, delta: { role: 'assistant', content: null, tool_calls: calls }, finish_reason: null }] });
  send({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }], usage });
  res.end('data: [DONE]\n\n');
}

function isTitleRequest(request: ChatCompletionRequest): boolean {
  const system = request.messages.find((message) => message.role === 'system')?.content;
  return typeof system === 'string' && system.startsWith(TITLE_SYSTEM_PROMPT);
}

/** A title request's answer: the whole text in one chunk (streamed or not, as asked). */
function answerTitle(res: ServerResponse, body: ChatCompletionRequest, behaviour: FakeOpenAiBehaviour): void {
  if (behaviour.titleFailWith) {
    res.writeHead(behaviour.titleFailWith, FAILURE_HEADERS).end(JSON.stringify({ error: { message: 'The fake title model is failing on purpose', type: 'server_error', code: null } }));
    return;
  }
  const text = behaviour.title ? behaviour.title(body) : 'Chat with the fake model';
  const id = `chatcmpl-${randomUUID()}`;
  const created = Math.floor(Date.now() / 1000);
  const usage = { prompt_tokens: 10, completion_tokens: text.length, total_tokens: 10 + text.length };
  if (!body.stream) {
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({ id, object: 'chat.completion', created, model: body.model, choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }], usage }),
    );
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const send = (payload: unknown) => res.write(`data: ${JSON.stringify(payload)}\n\n`);
  send({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [{ index: 0, delta: { role: 'assistant', content: text }, finish_reason: null }] });
  send({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], usage });
  res.end('data: [DONE]\n\n');
}

export async function startFakeOpenAi(initial: FakeOpenAiBehaviour = {}): Promise<FakeOpenAi> {
  let behaviour = initial;
  let failuresLeft = initial.failTimes ?? Number.POSITIVE_INFINITY;
  const requests: ChatCompletionRequest[] = [];
  const titleRequests: ChatCompletionRequest[] = [];
  const authorizations: (string | undefined)[] = [];
  const embeddingRequests: EmbeddingsRequest[] = [];
  const open = new Set<ServerResponse>();
  /** Requests held by `hang` (by index in `requests`), resumed with the next behaviour or their own answer. */
  let held = new Map<number, (answer?: FakeOpenAiBehaviour) => void>();
  let pausedStreams: (() => void)[] = [];
  let abandoned = 0;
  let closing = false;

  const server = createServer((req, res) => {
    void (async () => {
      if (req.method === 'POST' && req.url?.endsWith('/embeddings')) {
        await answerEmbeddings(req, res, behaviour, embeddingRequests);
        return;
      }
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'Not found' } }));
        return;
      }
      const body = await readJson(req);
      if (isTitleRequest(body)) {
        titleRequests.push(body);
        answerTitle(res, body, behaviour);
        return;
      }
      const index = requests.push(body) - 1;
      authorizations.push(req.headers.authorization);
      open.add(res);
      res.on('close', () => {
        open.delete(res);
        if (!res.writableFinished && !closing) abandoned += 1;
      });
      const own = behaviour.hang ? await new Promise<FakeOpenAiBehaviour | undefined>((resume) => held.set(index, resume)) : undefined;
      const answer = own ?? behaviour;
      if (res.destroyed) return;
      if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
      if (answer.failWith && (own || failuresLeft > 0)) {
        if (!own) failuresLeft -= 1;
        res
          .writeHead(answer.failWith, FAILURE_HEADERS)
          .end(JSON.stringify({ error: { message: 'The fake provider is failing on purpose', type: 'server_error', code: null } }));
        return;
      }
      const turn = answer.respond ? answer.respond(body) : (answer.reply ?? ((request) => `Echo: ${lastUserText(request)}`))(body);
      const id = `chatcmpl-${randomUUID()}`;
      const created = Math.floor(Date.now() / 1000);
      if (typeof turn !== 'string') {
        answerToolCalls(res, body, turn, id, created);
        return;
      }
      const text = turn;
      if (!body.stream) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id,
            object: 'chat.completion',
            created,
            model: body.model,
            choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 10, completion_tokens: text.length, total_tokens: 10 + text.length },
          }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
      const send = (payload: unknown) => res.write(`data: ${JSON.stringify(payload)}\n\n`);
      const size = answer.chunkSize ?? 8;
      send({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
      let paused = false;
      for (let index = 0; index < text.length; index += size) {
        if (!paused && answer.pauseAfterCharacters !== undefined && index >= answer.pauseAfterCharacters) {
          paused = true;
          await new Promise<void>((resume) => {
            pausedStreams.push(resume);
            res.once('close', resume);
          });
          if (res.destroyed) return;
        }
        send({
          id,
          object: 'chat.completion.chunk',
          created,
          model: body.model,
          choices: [{ index: 0, delta: { content: text.slice(index, index + size) }, finish_reason: null }],
        });
      }
      send({
        id,
        object: 'chat.completion.chunk',
        created,
        model: body.model,
        choices: [{ index: 0, delta: {}, finish_reason: 'stop' }],
        usage: { prompt_tokens: 10, completion_tokens: text.length, total_tokens: 10 + text.length },
      });
      res.end('data: [DONE]\n\n');
    })().catch((error: unknown) => {
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    titleRequests,
    embeddingRequests,
    authorizations,
    behave(next) {
      behaviour = next;
      failuresLeft = next.failTimes ?? Number.POSITIVE_INFINITY;
      if (!next.hang) {
        const resume = held;
        held = new Map();
        for (const go of resume.values()) go();
      }
    },
    release(index, answer) {
      const go = held.get(index);
      if (!go) throw new Error(`request ${index} is not being held (held: ${[...held.keys()].join(', ') || 'none'})`);
      held.delete(index);
      go(answer);
    },
    resumeStreams() {
      const waiting = pausedStreams;
      pausedStreams = [];
      for (const resume of waiting) resume();
    },
    abandoned: () => abandoned,
    async close() {
      closing = true;
      for (const res of open) res.destroy();
      const resume = held;
      held = new Map();
      for (const go of resume.values()) go();
      await closeHttpServer(server);
    },
  };
}
