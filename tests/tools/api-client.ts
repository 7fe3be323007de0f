/**
 * The public API of a server running as its own process, driven over real HTTP the way the app
 * does: register, sign in, upload a knowledge document (sign → PUT → commit), send a chat message,
 * read credits. Used by the fault suite and the benches; every failure names the call and answer.
 */
import { createHash, randomUUID } from 'node:crypto';

export const API = '/api/v1';
export const TEST_PASSWORD = 'correct horse battery staple';

export interface Session {
  email: string;
  access_token: string;
  refresh_token: string;
  spaceId: string;
  orgId: string;
}

export interface DocumentBody {
  id: string;
  filename: string;
  status: 'uploading' | 'processing' | 'ready' | 'error';
  error_message: string | null;
  passage_count: number;
  category: string | null;
}

export interface AcceptedMessage {
  session_id: string;
  message_id: string;
  run_id: string;
  /** The chat's title as the server named it. */
  title: string;
  created_at: string;
  credits_charged: number;
  credits_remaining: number;
}

export interface Credits {
  used: number;
  total: number;
  remaining: number;
}

export class ApiError extends Error {
  constructor(
    readonly what: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(`${what}: ${status} ${body.slice(0, 500)}`);
  }
}

/** A client of one server's base URL (http://127.0.0.1:port). */
export class ApiClient {
  constructor(readonly baseUrl: string) {}

  /**
   * One API call; throws ApiError unless the status is `expect` (200). A server that does not
   * answer within `timeoutMs` (30 s; long polls hold up to 25 s) is an error too, named as such.
   */
  async call<T>(
    what: string,
    method: string,
    path: string,
    init: { token?: string; spaceId?: string; body?: unknown; expect?: number; timeoutMs?: number } = {},
  ): Promise<T> {
    const headers: Record<string, string> = {};
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.spaceId) headers['x-space-id'] = init.spaceId;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const timeoutMs = init.timeoutMs ?? 30_000;
    const response = await fetch(`${this.baseUrl}${API}${path}`, {
      method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(timeoutMs),
    }).catch((error: unknown) => {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      throw new Error(timedOut ? `${what}: the server did not answer within ${timeoutMs} ms` : `${what}: ${String(error)}`);
    });
    const text = await response.text();
    if (response.status !== (init.expect ?? 200)) throw new ApiError(what, response.status, text);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** A new organisation and its owner, signed in, with the default space. */
  async registerOwner(label = 'faults'): Promise<Session> {
    const tag = randomUUID().slice(0, 8);
    const email = `${label}-${tag}@${tag}.example.com`;
    const tokens = await this.call<{ access_token: string; refresh_token: string; user: { org_id: string } }>('register', 'POST', '/register', {
      body: { email, password: TEST_PASSWORD, name: 'Fault Tester', org_name: `Org ${tag}` },
      expect: 201,
    });
    const { data: spaces } = await this.call<{ data: { id: string; is_default: boolean }[] }>('list spaces', 'GET', '/spaces/', { token: tokens.access_token });
    const space = spaces.find((candidate) => candidate.is_default);
    if (!space) throw new Error('a registered organisation has no default space');
    return { email, access_token: tokens.access_token, refresh_token: tokens.refresh_token, spaceId: space.id, orgId: tokens.user.org_id };
  }

  /** The browser's upload flow for one file; returns the committed document (status processing). */
  async upload(session: Session, file: { filename: string; contentType: string; bytes: Buffer }): Promise<DocumentBody> {
    const query = new URLSearchParams({ filename: file.filename, content_type: file.contentType, size: String(file.bytes.length) });
    const signed = await this.call<{ url: string; headers: Record<string, string>; object_path: string; content_type: string }>(
      'sign upload',
      'POST',
      `/kb/uploads/sign?${query}`,
      { token: session.access_token, spaceId: session.spaceId },
    );
    const target = new URL(signed.url, this.baseUrl);
    const put = await fetch(target, { method: 'PUT', headers: { 'content-type': signed.headers['Content-Type']! }, body: new Uint8Array(file.bytes) });
    if (!put.ok) throw new ApiError('PUT upload', put.status, await put.text());
    const committed = await this.call<{ id: string; document: DocumentBody }>('commit upload', 'POST', '/kb/uploads/commit', {
      token: session.access_token,
      spaceId: session.spaceId,
      expect: 201,
      body: {
        object_path: signed.object_path,
        filename: file.filename,
        size: file.bytes.length,
        mime: signed.content_type,
        hash: createHash('sha256').update(file.bytes).digest('hex'),
        auto_categorized: true,
        category: null,
        subcategory: null,
      },
    });
    return committed.document;
  }

  document(session: Session, id: string): Promise<DocumentBody> {
    return this.call('document status', 'GET', `/kb/documents/${id}/status`, { token: session.access_token, spaceId: session.spaceId });
  }

  /** Polls a document until it leaves processing; throws with its last state after `timeoutMs`. */
  async waitForDocument(session: Session, id: string, timeoutMs: number): Promise<DocumentBody> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const document = await this.document(session, id);
      if (document.status === 'ready' || document.status === 'error') return document;
      if (Date.now() > deadline) throw new Error(`document ${document.filename} still ${document.status} after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  sendMessage(session: Session, agent: string, message: string): Promise<AcceptedMessage> {
    return this.call('send message', 'POST', `/agents/${agent}/messages/async`, {
      token: session.access_token,
      spaceId: session.spaceId,
      expect: 202,
      body: { message },
    });
  }

  /** Every message of a chat session and its latest run. */
  sessionMessages(session: Session, chatId: string): Promise<{ messages: { role: string; content: string }[]; run: { status: string; refunded: boolean } | null }> {
    return this.call('session messages', 'GET', `/agents/sessions/${chatId}/messages`, { token: session.access_token, spaceId: session.spaceId });
  }

  /** Long-polls until the chat has a reply or its run ended; throws after `timeoutMs`. */
  async waitForReply(session: Session, chatId: string, since: string, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const body = await this.call<{ messages: { role: string }[]; run: { status: string } | null }>(
        'poll',
        'GET',
        `/agents/sessions/${chatId}/poll?since=${encodeURIComponent(since)}`,
        { token: session.access_token, spaceId: session.spaceId },
      );
      if (body.messages.some((message) => message.role === 'assistant')) return;
      if (body.run && ['failed', 'cancelled', 'succeeded'].includes(body.run.status)) return;
    }
    throw new Error(`no reply in chat ${chatId} within ${timeoutMs} ms`);
  }

  credits(session: Session): Promise<Credits> {
    return this.call('credits', 'GET', '/billing/credits', { token: session.access_token, spaceId: session.spaceId });
  }
}
