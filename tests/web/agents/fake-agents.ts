/** Agent routes on the fake backend (tests/web/app/support/fake-api.ts), answering like the real server. */
import type { FakeApi, RecordedCall } from '../app/support/fake-api';

export const AGENTS = [
  ['brand-voice', 'Brand Voice'],
  ['strategy-review', 'Strategy Review'],
  ['seo', 'SEO'],
  ['cmo', 'CMO'],
  ['email', 'Email'],
  ['creative', 'Creative'],
].map(([slug, name]) => ({
  slug: slug!,
  name: name!,
  tagline: `${name} helps your team.`,
  tools: ['knowledge_search'],
  starters: ['Start here'],
  sections: ['Summary', 'Next steps'],
  max_wait_minutes: 35,
  engine: 'offline',
  engine_model: 'mosaic-offline-1',
  default_mode: 'normal' as const,
}));

export interface FakeChat {
  /** Session id the next new chat gets. */
  sessionId: string;
  userMessageId: string;
  /** What each poll answers with (default: nothing new yet, run still running). */
  pollReply: (call: RecordedCall, nth: number) => { status: number; body?: unknown };
  pollTimes: number[];
}

/** A message as the server answers it; `parentId` names the message it follows (undefined: left out, as in answers saved before versions). */
export function message(id: string, sessionId: string, role: 'user' | 'assistant', content: string, createdAt: string, parentId?: string | null) {
  return {
    id,
    session_id: sessionId,
    role,
    content,
    created_at: createdAt,
    rating: null,
    feedback_categories: [],
    feedback_text: null,
    engine: role === 'assistant' ? 'offline/mosaic-offline-1' : null,
    ...(parentId !== undefined ? { parent_id: parentId } : {}),
  };
}

export function installFakeChat(api: FakeApi, slug: string, sessionId = 'sess-1'): FakeChat {
  const chat: FakeChat = {
    sessionId,
    userMessageId: 'msg-user-1',
    pollReply: () => ({ status: 200, body: { messages: [], run: { id: 'run-1', status: 'running', error: null, user_message_id: 'msg-user-1', reply_message_id: null, mode: 'normal', refunded: false, updated_at: new Date().toISOString() }, timed_out: true } }),
    pollTimes: [],
  };
  let polls = 0;
  api.on('GET /agents', () => ({ status: 200, body: AGENTS }));
  api.on('GET /agents/sessions', () => ({ status: 200, body: [] }));
  api.on(`POST /agents/${slug}/messages/async`, (call) => {
    const body = call.body as { mode: 'normal' | 'medium' | 'max'; message: string };
    const cost = { normal: 20, medium: 30, max: 40 }[body.mode];
    return {
      status: 202,
      body: {
        session_id: chat.sessionId,
        message_id: chat.userMessageId,
        run_id: 'run-1',
        title: body.message.slice(0, 50),
        created_at: new Date().toISOString(),
        status: 'queued',
        mode: body.mode,
        credits_charged: cost,
        credits_remaining: 1800 - cost,
        transaction_id: 'tx-1',
      },
    };
  });
  api.on(`GET /agents/sessions/${sessionId}/poll`, (call) => {
    chat.pollTimes.push(Date.now());
    polls += 1;
    return chat.pollReply(call, polls);
  });
  api.on('POST /billing/credits/deduct', () => ({
    status: 200,
    body: { success: true, credits_remaining: 1780, transaction_id: 'tx-1', credits_charged: 20, duplicate: false },
  }));
  api.on(`POST /agents/sessions/${sessionId}/cancel`, () => ({
    status: 200,
    body: { id: 'run-1', status: 'cancelled', error: 'Request cancelled', user_message_id: 'msg-user-1', reply_message_id: null, mode: 'normal', refunded: true, updated_at: new Date().toISOString() },
  }));
  return chat;
}
