/**
 * Helpers for the agents and chat tests (with the offline engine or the fake OpenAI-compatible
 * provider): sending, waiting for a reply through the real long poll, reading credits, and seeding
 * knowledge documents as the knowledge pipeline leaves them once processed.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../server/src/db/database';
import { creditAccounts, kbDocuments, kbPassages, plans } from '../../server/src/db/schema/index';
import { API, authHeaders } from './server';
import type { ChatMessageDto } from '../../src/contract/agents';

export interface Caller {
  access_token: string;
  spaceId: string;
}

export interface AcceptedBody {
  session_id: string;
  message_id: string;
  run_id: string;
  title: string;
  created_at: string;
  credits_charged: number;
  credits_remaining: number;
}

/** A message as the API returns it: the client's own wire type. */
export type MessageBody = ChatMessageDto;

export interface RunBody {
  id: string;
  status: string;
  error: string | null;
  refunded: boolean;
}

export interface PollBody {
  messages: MessageBody[];
  run: RunBody | null;
  timed_out: boolean;
}

export function sendAsync(app: FastifyInstance, caller: Caller, slug: string, payload: object) {
  return app.inject({
    method: 'POST',
    url: `${API}/agents/${slug}/messages/async`,
    headers: authHeaders(caller.access_token, caller.spaceId),
    payload,
  });
}

export function poll(app: FastifyInstance, caller: Caller, sessionId: string, since?: string) {
  const query = since ? `?since=${encodeURIComponent(since)}` : '';
  return app.inject({ method: 'GET', url: `${API}/agents/sessions/${sessionId}/poll${query}`, headers: authHeaders(caller.access_token, caller.spaceId) });
}

/** Long-polls until the session has a reply newer than `since` or its run ends; gives up after `maxMs`. */
export async function waitForReply(app: FastifyInstance, caller: Caller, sessionId: string, since: string, maxMs = 20_000): Promise<PollBody> {
  const deadline = Date.now() + maxMs;
  while (Date.now() < deadline) {
    const response = await poll(app, caller, sessionId, since);
    if (response.statusCode !== 200) throw new Error(`poll failed: ${response.statusCode} ${response.body}`);
    const body = response.json<PollBody>();
    if (body.messages.some((message) => message.role === 'assistant')) return body;
    if (body.run && ['failed', 'cancelled'].includes(body.run.status)) return body;
  }
  throw new Error('no reply in time');
}

export async function creditsOf(app: FastifyInstance, caller: Caller): Promise<{ used: number; remaining: number; total: number }> {
  const response = await app.inject({ method: 'GET', url: `${API}/billing/credits`, headers: authHeaders(caller.access_token, caller.spaceId) });
  return response.json();
}

/** Test set-up: a processed document with its passages, as the knowledge pipeline stores it. */
export async function seedDocument(
  database: Database,
  input: { spaceId: string; filename: string; passages: string[]; category?: string; status?: 'ready' | 'processing' },
): Promise<string> {
  const [document] = await database.db
    .insert(kbDocuments)
    .values({
      spaceId: input.spaceId,
      filename: input.filename,
      mimeType: 'text/plain',
      sizeBytes: input.passages.join('\n').length,
      hash: `${Math.random().toString(16).slice(2)}${Date.now().toString(16)}`.padEnd(64, '0'),
      objectPath: `spaces/${input.spaceId}/${input.filename}`,
      status: input.status ?? 'ready',
      category: input.category ?? null,
      passageCount: input.passages.length,
    })
    .returning({ id: kbDocuments.id });
  await database.db
    .insert(kbPassages)
    .values(input.passages.map((content, ordinal) => ({ documentId: document!.id, spaceId: input.spaceId, ordinal, content })));
  return document!.id;
}

/** Test set-up: leaves the organisation `remaining` credits. */
export async function setRemainingCredits(database: Database, orgId: string, remaining: number): Promise<void> {
  const [account] = await database.db.select().from(creditAccounts).where(eq(creditAccounts.orgId, orgId));
  await database.db.update(creditAccounts).set({ used: account!.total - remaining }).where(eq(creditAccounts.orgId, orgId));
}

/** Test set-up: ends the organisation's trial yesterday. */
export async function expirePlan(database: Database, orgId: string): Promise<void> {
  await database.db.update(plans).set({ expiresAt: new Date(Date.now() - 86_400_000) }).where(eq(plans.orgId, orgId));
}
