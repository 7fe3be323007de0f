/**
 * A chat's title (docs/agents.md "Titles"). When the chat starts it is named from its first message
 * by the offline engine's reading ("Welcome email for coffee subscribers"); once the first reply is
 * written, the engine that wrote it names the chat from that first exchange: a model is asked for
 * a short title (a few tokens; on any failure the first name stays), the offline engine keeps the
 * name it gave. Titles are stored whole, never cut with dots: the client shortens them on screen.
 *
 * A chat someone renamed is never named again: the generated title only replaces the title the
 * chat started with (a conditional update), so a rename, at any moment, wins.
 */
import { and, eq } from 'drizzle-orm';
import { CHAT_TITLE_MAX } from '../../../../src/contract/chat-history';
import type { DbExecutor } from '../../db/database';
import { chatSessions } from '../../db/schema/index';
import { callModel } from '../../llm/model-call';
import { readRequest } from '../../llm/offline/request-reading';
import { capitalise } from '../../llm/offline/text';
import { titleFromReading } from '../../llm/offline/titles';
import type { LlmConfig, ModelChoice } from '../../llm/types';

/** A name longer than this is not a title any more: the opening words of the message stand in. */
const FALLBACK_TITLE_CHARACTERS = 80;

/** The first line of a message, whole words only, at most `max` characters (no dots added). */
function openingWords(message: string, max: number): string {
  const line = message.trim().split(/\n/)[0]!.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return (space > max / 2 ? cut.slice(0, space) : line.slice(0, max)).replace(/[\s,;:.-]+$/, '');
}

/** The title a chat starts with: the offline engine's name for the request, else its opening words. */
export function sessionTitle(message: string): string {
  const reading = readRequest(message);
  const named = reading.vague ? '' : titleFromReading(reading);
  if (named && named.length <= FALLBACK_TITLE_CHARACTERS) return named;
  return capitalise(openingWords(message, FALLBACK_TITLE_CHARACTERS)) || 'New chat';
}

/** What the model is asked; short, so the call costs a few tokens. */
export const TITLE_SYSTEM_PROMPT =
  'You name chats between a marketer and an assistant. Answer with a title of at most six words for the conversation below: ' +
  'plain words, no quotation marks, no full stop, British spelling.';

/** How much of the first reply the title call reads: enough to know what it was about. */
const REPLY_EXCERPT = 1200;

/** The model's answer as a title, or null when it is not usable (empty, several lines of prose, too long). */
export function cleanModelTitle(text: string): string | null {
  const line = text
    .trim()
    .split(/\n/)[0]!
    .replace(/^(?:title|chat title)\s*:\s*/i, '')
    .replace(/^[#*\s"'“”‘’]+|[*\s"'“”‘’.]+$/g, '')
    .trim();
  if (line.length < 2 || line.length > CHAT_TITLE_MAX || line.split(/\s+/).length > 12) return null;
  return line;
}

/**
 * The title a model gives the first exchange, or null (it failed, or answered with no usable title).
 * Never throws: a title is not worth failing the reply for.
 */
export async function modelTitle(config: LlmConfig, choice: ModelChoice, question: string, reply: string, signal: AbortSignal): Promise<string | null> {
  try {
    const text = await callModel(config, choice, {
      system: TITLE_SYSTEM_PROMPT,
      turns: [{ role: 'user', content: `First message:\n${question.slice(0, REPLY_EXCERPT)}\n\nReply:\n${reply.slice(0, REPLY_EXCERPT)}` }],
      temperature: 0.2,
      maxOutputTokens: 24,
      signal,
    });
    return cleanModelTitle(text);
  } catch {
    return null;
  }
}

/** The chat still has the title it started with (it was neither renamed nor named from its first exchange yet). */
export async function keepsStartingTitle(db: DbExecutor, sessionId: string, firstMessage: string): Promise<boolean> {
  const [row] = await db.select({ title: chatSessions.title }).from(chatSessions).where(eq(chatSessions.id, sessionId));
  return row?.title === sessionTitle(firstMessage);
}

/** Names the chat from its first exchange, unless it was renamed meanwhile (its title is no longer the one it started with). */
export async function retitleSession(db: DbExecutor, sessionId: string, firstMessage: string, title: string): Promise<void> {
  const started = sessionTitle(firstMessage);
  if (title === started) return;
  await db
    .update(chatSessions)
    .set({ title })
    .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.title, started)));
}
