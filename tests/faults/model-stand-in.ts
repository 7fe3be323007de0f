/**
 * The local OpenAI-compatible stand-in (tests/helpers/fake-openai.ts) as the fault scenarios use
 * it: one model that both files documents (the categoriser's request) and answers chats, and that
 * can be told to hold every request unanswered, so a test knows a server is mid-way through a
 * document or a run when it kills it. Every request it received is kept, which is how a scenario
 * counts how often each document or message was worked on.
 */
import { startFakeOpenAi, type ChatCompletionRequest, type FakeOpenAi } from '../helpers/fake-openai';
import { onCleanup } from './harness';

/** The categoriser's system prompt starts with this (server/src/services/knowledge/llm-categoriser.ts). */
const CATEGORISER_PROMPT = 'You sort marketing documents';

function text(content: ChatCompletionRequest['messages'][number]['content']): string {
  if (content === null) return '';
  return typeof content === 'string' ? content : content.map((part) => part.text ?? '').join('');
}

export function isCategorisation(request: ChatCompletionRequest): boolean {
  return request.messages.some((message) => message.role === 'system' && text(message.content).startsWith(CATEGORISER_PROMPT));
}

/** The file name a categorisation request is about ("File name: …" opens its user message). */
export function categorisedFile(request: ChatCompletionRequest): string | undefined {
  const user = request.messages.find((message) => message.role === 'user');
  return user ? /^File name: (.*)$/m.exec(text(user.content))?.[1] : undefined;
}

/** The last user message of a chat request. */
export function askedMessage(request: ChatCompletionRequest): string {
  const users = request.messages.filter((message) => message.role === 'user');
  return users.length ? text(users.at(-1)!.content) : '';
}

const answer = (request: ChatCompletionRequest): string =>
  isCategorisation(request)
    ? '{"category": "brand", "subcategory": "brand_voice", "confidence": 0.9}'
    : `Answer to: ${askedMessage(request)}`;

export interface ModelStandIn {
  fake: FakeOpenAi;
  /** Environment that points a server at it. */
  env: Record<string, string>;
  /** Hold every request from now on (a model that is still thinking). */
  hold(): void;
  /** Answer every request, the held ones included. */
  answer(): void;
  categorisations(): ChatCompletionRequest[];
  chats(): ChatCompletionRequest[];
}

/** `hold`: start holding every request. `delayMs`: answer each request after this long (a model that takes its time). */
export async function startModelStandIn(options: { hold?: boolean; delayMs?: number } = {}): Promise<ModelStandIn> {
  const answering = { reply: answer, delayMs: options.delayMs };
  const fake = await startFakeOpenAi(options.hold ? { hang: true } : answering);
  onCleanup(() => fake.close());
  return {
    fake,
    env: { OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl, LLM_PROVIDER: 'openai-compatible' },
    hold: () => fake.behave({ hang: true }),
    answer: () => fake.behave(answering),
    categorisations: () => fake.requests.filter(isCategorisation),
    chats: () => fake.requests.filter((request) => !isCategorisation(request)),
  };
}
