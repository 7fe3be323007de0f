/**
 * The knowledge base's status stream (docs/knowledge.md "Status stream"), over real HTTP: a
 * document's status arrives when its processing ends (ready, or error with its message), a deleted
 * one is reported gone, another space's stream hears nothing of it, the stream ends when the server
 * stops, and on PostgreSQL a document processed by another process reaches a stream held by a
 * process that runs no jobs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDocumentStream } from '../helpers/document-stream-client';
import { API, authHeaders, registerOwner, testEngine } from '../helpers/server';
import { openTestDatabase } from '../helpers/server-database';
import { until } from '../helpers/wait-until';
import { BRAND_GUIDELINES, MIME } from './kb-fixtures';
import { createKbTestApp, uploadFile, type Caller, type KbTestApp } from './kb-helpers';

async function newCaller(t: KbTestApp): Promise<Caller> {
  const owner = await registerOwner(t.app);
  return { token: owner.access_token, spaceId: owner.defaultSpace.id };
}

async function upload(t: KbTestApp, caller: Caller, filename: string, contentType: string, text: string): Promise<string> {
  const { commit } = await uploadFile(t.app, caller, { filename, contentType, bytes: Buffer.from(text) });
  expect(commit.statusCode).toBe(201);
  return commit.json<{ id: string }>().id;
}

describe('the status stream of a space\'s documents', () => {
  let t: KbTestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createKbTestApp();
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('pushes each document as processing, then ready, or error with its message, as the status endpoint answers it', async () => {
    const caller = await newCaller(t);
    // Opened before the uploads: the commits wake it, so it follows documents it did not see at first.
    const stream = await openDocumentStream(baseUrl, caller);
    try {
      const readyId = await upload(t, caller, 'brand.txt', MIME.txt, BRAND_GUIDELINES);
      const brokenId = await upload(t, caller, 'broken.json', MIME.json, '{"campaign": ');

      const ready = await stream.untilStatus(readyId, 'ready');
      expect(ready).toMatchObject({ filename: 'brand.txt', category: 'brand', error_message: null });
      expect(ready.passage_count).toBeGreaterThan(0);
      const broken = await stream.untilStatus(brokenId, 'error');
      expect(broken.error_message).toMatch(/JSON/);

      // What was pushed is what the status endpoint answers now.
      for (const pushed of [ready, broken]) {
        const answer = await t.app.inject({ method: 'GET', url: `${API}/kb/documents/${pushed.id}/status`, headers: authHeaders(caller.token, caller.spaceId) });
        expect(answer.json()).toEqual(pushed);
      }
      // Processing while the stream looked (unless it finished first), then its final status, once.
      for (const [id, final] of [[readyId, 'ready'], [brokenId, 'error']] as const) {
        const statuses = stream.documents().filter((document) => document.id === id).map((document) => document.status);
        expect(statuses.at(-1)).toBe(final);
        expect(statuses.slice(0, -1).every((status) => status === 'processing')).toBe(true);
      }
    } finally {
      stream.close();
    }
  });

  it('a stream opened after an upload starts with that document, and says when a followed document is deleted', async () => {
    const caller = await newCaller(t);
    const id = await upload(t, caller, 'brief.txt', MIME.txt, BRAND_GUIDELINES);
    const stream = await openDocumentStream(baseUrl, caller);
    try {
      // Still processing when the stream opened, or finished just before: the first look tells either way.
      await stream.untilStatus(id, 'ready');

      const second = await upload(t, caller, 'second.txt', MIME.txt, `${BRAND_GUIDELINES}\nSecond edition.`);
      await stream.untilStatus(second, 'processing');
      const deleted = await t.app.inject({ method: 'DELETE', url: `${API}/kb/documents/${second}`, headers: authHeaders(caller.token, caller.spaceId) });
      expect(deleted.statusCode).toBe(204);
      // Deleted while processing it is gone; a delete that came after it finished changes nothing to tell.
      await until('the deleted document gone, or ready before the delete', () =>
        stream.gone().includes(second) || stream.documents().some((document) => document.id === second && document.status === 'ready'),
      );
    } finally {
      stream.close();
    }
  });

  it("another space's stream hears nothing of a space's documents, and a space of another organisation is refused", async () => {
    const mine = await newCaller(t);
    const theirs = await newCaller(t);
    const myStream = await openDocumentStream(baseUrl, mine);
    const theirStream = await openDocumentStream(baseUrl, theirs);
    try {
      const myDocument = await upload(t, mine, 'mine.txt', MIME.txt, `${BRAND_GUIDELINES}\nMine.`);
      const theirDocument = await upload(t, theirs, 'theirs.txt', MIME.txt, `${BRAND_GUIDELINES}\nTheirs.`);
      await myStream.untilStatus(myDocument, 'ready');
      await theirStream.untilStatus(theirDocument, 'ready');
      expect(new Set(myStream.documents().map((document) => document.id))).toEqual(new Set([myDocument]));
      expect(new Set(theirStream.documents().map((document) => document.id))).toEqual(new Set([theirDocument]));

      const foreign = await t.app.inject({ method: 'GET', url: `${API}/kb/documents/stream`, headers: authHeaders(mine.token, theirs.spaceId) });
      expect(foreign.statusCode).toBe(404);
      const unsigned = await t.app.inject({ method: 'GET', url: `${API}/kb/documents/stream`, headers: { 'x-space-id': mine.spaceId } });
      expect(unsigned.statusCode).toBe(401);
    } finally {
      myStream.close();
      theirStream.close();
    }
  });
});

describe('a status stream when its server stops', () => {
  it('ends, as reply streams do, so the client falls back to polling', async () => {
    const t = await createKbTestApp();
    try {
      const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const stream = await openDocumentStream(baseUrl, await newCaller(t));
      await t.app.close();
      await until('the stream ending', () => stream.ended());
    } finally {
      await t.close();
    }
  });
});

describe.skipIf(testEngine !== 'postgres')('a document processed by another process (PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let apiOnly: KbTestApp;
  let worker: KbTestApp;
  let baseUrl: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    // The stream is held by a process that runs no jobs; the other one commits and processes, on the same storage.
    apiOnly = await createKbTestApp({ database: database.database, env: { JOB_WORKERS: 'false' } });
    worker = await createKbTestApp({ database: database.database, env: { STORAGE_DIR: apiOnly.storageDir } });
    baseUrl = await apiOnly.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await apiOnly.close();
    await worker.close();
    await database.dispose();
  });

  it('reaches a stream held here, woken by NOTIFY', async () => {
    // Nothing in this process changes the document, so only a NOTIFY from the other can wake its waiter.
    const waker = apiOnly.deps.waker;
    const wait = waker.wait.bind(waker);
    let woken = 0;
    waker.wait = async (topic, timeoutMs, signal) => {
      const changed = await wait(topic, timeoutMs, signal);
      if (changed) woken += 1;
      return changed;
    };
    const caller = await newCaller(apiOnly);
    const stream = await openDocumentStream(baseUrl, caller);
    try {
      const id = await upload(worker, caller, 'elsewhere.txt', MIME.txt, BRAND_GUIDELINES);
      const ready = await stream.untilStatus(id, 'ready');
      expect(ready).toMatchObject({ filename: 'elsewhere.txt', category: 'brand' });
      expect(woken).toBeGreaterThan(0);
    } finally {
      stream.close();
      waker.wait = wait;
    }
  });
});
