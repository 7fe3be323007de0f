/**
 * (i) Three server processes on one PostgreSQL behind a reverse proxy (docs/deploy.md's shape,
 * with a small round-robin proxy in place of nginx or Caddy: round-robin-proxy.ts). People work
 * through the proxy at once — sending chat messages, uploading documents, buying credits (demo
 * payments), reading their account — and one process is killed with SIGKILL a third of the way in.
 *
 *  - The load spreads: each process gets about a third of the requests before the kill.
 *  - Nothing is lost beyond the killed process's open requests: a request fails only if it was in
 *    flight to that process while it died (the proxy passes refused and safe-to-repeat requests to
 *    another process), so the failures are at most the requests open to it then.
 *  - Background work is done exactly once: each process has its own model stand-in, and the killed
 *    process's stand-in holds every answer, so what it was working on was certainly cut off. The
 *    surviving processes' stand-ins are asked exactly once for every stored document and message;
 *    the killed one at most once each, never answered.
 *  - Nothing is lost or charged twice: every stored message (each accepted one among them) has one
 *    reply and one charge, nothing is refunded, and each organisation's balance is its grant plus
 *    its purchases minus its charges.
 */
import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { API, ApiClient, type Session } from '../tools/api-client';
import { BRAND_GUIDELINES, MIME } from '../server/kb-fixtures';
import { eventually, freshDatabase, onCleanup, report, startServer } from './harness';
import { askedMessage, categorisedFile, startModelStandIn, type ModelStandIn } from './model-stand-in';
import { startRoundRobinProxy } from './round-robin-proxy';

const PEOPLE = 6;
const ACTIONS_PER_PERSON = 18;
/** The kill comes once this many actions have finished (a third of the load). */
const KILL_AFTER_ACTIONS = Math.round((PEOPLE * ACTIONS_PER_PERSON) / 3);
/** One person's round of actions, repeated: reads, two sends, an upload and a purchase. */
const ROUND = ['me', 'send', 'spaces', 'upload', 'credits', 'send', 'documents', 'buy', 'send'] as const;
type Action = (typeof ROUND)[number];

/** Short leases, so work cut off by the kill is taken over in seconds (production: 60 and 90 s). */
const SERVER_ENV = { KB_PROCESSING_LEASE_SECONDS: '5', AGENT_RUN_LEASE_SECONDS: '5' };

interface Failure {
  id: string;
  request: string;
  outcome: string;
}

function countBy<T>(items: T[], key: (item: T) => string | undefined): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) {
    const name = key(item);
    if (name !== undefined) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return counts;
}

/** One person working through the proxy; every request carries an id the proxy records. */
class Person {
  readonly accepted: { question: string; sessionId: string; createdAt: string }[] = [];
  readonly committed: { id: string; filename: string }[] = [];
  bought = 0;

  constructor(
    readonly index: number,
    readonly session: Session,
    private readonly baseUrl: string,
    private readonly failures: Failure[],
    private readonly creditPackage: number,
  ) {}

  /** One request: its answer's body, or undefined (recorded as a failure) when it fails or answers another status (`'2xx'`: any success). */
  private async request<T>(
    method: string,
    path: string,
    expect: number | '2xx',
    body?: unknown,
    raw?: { bytes: Buffer; contentType: string },
  ): Promise<{ body: T } | undefined> {
    const id = randomUUID();
    const headers: Record<string, string> = { 'x-load-id': id, authorization: `Bearer ${this.session.access_token}` };
    // The account and the spaces list are asked without a space, as the app does.
    if (path !== '/me' && path !== '/spaces/') headers['x-space-id'] = this.session.spaceId;
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (raw) headers['content-type'] = raw.contentType;
    const url = path.startsWith(API) ? `${this.baseUrl}${path}` : `${this.baseUrl}${API}${path}`;
    try {
      const response = await fetch(url, { method, headers, body: raw ? new Uint8Array(raw.bytes) : body === undefined ? undefined : JSON.stringify(body) });
      const text = await response.text();
      if (expect === '2xx' ? response.ok : response.status === expect) return { body: (text && expect !== '2xx' ? JSON.parse(text) : undefined) as T };
      this.failures.push({ id, request: `${method} ${path.split('?')[0]}`, outcome: `${response.status} ${text.slice(0, 200)}` });
    } catch (error) {
      this.failures.push({ id, request: `${method} ${path.split('?')[0]}`, outcome: String(error) });
    }
    return undefined;
  }

  async act(action: Action, step: number): Promise<void> {
    switch (action) {
      case 'me':
        await this.request('GET', '/me', 200);
        return;
      case 'spaces':
        await this.request('GET', '/spaces/', 200);
        return;
      case 'credits':
        await this.request('GET', '/billing/credits', 200);
        return;
      case 'documents':
        await this.request('GET', '/kb/documents', 200);
        return;
      case 'send': {
        const question = `Person ${this.index}, step ${step}: what should we post this week?`;
        const accepted = await this.request<{ session_id: string; created_at: string }>('POST', '/agents/seo/messages/async', 202, { message: question });
        if (accepted) this.accepted.push({ question, sessionId: accepted.body.session_id, createdAt: accepted.body.created_at });
        return;
      }
      case 'upload': {
        const filename = `person${this.index}-step${step}.txt`;
        const bytes = Buffer.from(`${BRAND_GUIDELINES}\n\nCopy ${filename}.`);
        const query = new URLSearchParams({ filename, content_type: MIME.txt, size: String(bytes.length) });
        const signed = await this.request<{ url: string; headers: Record<string, string>; object_path: string; content_type: string }>('POST', `/kb/uploads/sign?${query}`, 200);
        if (!signed) return;
        const put = await this.request('PUT', signed.body.url, '2xx', undefined, { bytes, contentType: signed.body.headers['Content-Type']! });
        if (!put) return;
        const committed = await this.request<{ document: { id: string } }>('POST', '/kb/uploads/commit', 201, {
          object_path: signed.body.object_path,
          filename,
          size: bytes.length,
          mime: signed.body.content_type,
          hash: createHash('sha256').update(bytes).digest('hex'),
          auto_categorized: true,
          category: null,
          subcategory: null,
        });
        if (committed) this.committed.push({ id: committed.body.document.id, filename });
        return;
      }
      case 'buy': {
        const bought = await this.request('POST', '/billing/credits/purchase', 200, { credits: this.creditPackage });
        if (bought !== undefined) this.bought += 1;
        return;
      }
    }
  }
}

describe('three processes on one PostgreSQL behind a reverse proxy', () => {
  it('spreads the load, and a process killed under load loses nothing beyond its open requests: jobs once, messages and charges kept', async () => {
    const database = await freshDatabase('postgres');
    // The third process's stand-in holds every answer: whatever it works on is cut off by the kill.
    const models: ModelStandIn[] = [await startModelStandIn({ delayMs: 100 }), await startModelStandIn({ delayMs: 100 }), await startModelStandIn({ hold: true })];
    const began = performance.now();
    const servers = await Promise.all(models.map((model) => startServer(database, { ...model.env, ...SERVER_ENV })));
    const startMs = performance.now() - began;
    const [victim, victimModel] = [servers[2]!, models[2]!];
    const survivingModels = models.slice(0, 2);
    const proxy = await startRoundRobinProxy(servers.map((server) => server.baseUrl));
    onCleanup(() => proxy.close());
    const api = new ApiClient(proxy.baseUrl);

    const plans = await api.call<{ credit_packages: { credits: number }[]; payments: { demo: boolean } }>('plans', 'GET', '/billing/plans');
    expect(plans.payments.demo).toBe(true);
    const creditPackage = plans.credit_packages[0]!.credits;
    const failures: Failure[] = [];
    const people: Person[] = [];
    for (let index = 0; index < PEOPLE; index += 1) people.push(new Person(index, await api.registerOwner(`proc${index}`), proxy.baseUrl, failures, creditPackage));

    // The load: every person works through their rounds at once; the kill comes after a third of the actions.
    let finishedActions = 0;
    let killing: Promise<{ openAtKill: Set<string>; sentBefore: Map<string, number> }> | undefined;
    const kill = async () => {
      // Mid-work for certain: the victim's stand-in has been asked at least once (and holds it).
      await eventually(() => (victimModel.fake.requests.length > 0 ? true : undefined), 60_000, 'the victim to ask its model');
      const sentBefore = proxy.sent();
      const watch = proxy.watch(victim.baseUrl);
      await victim.kill();
      // The proxy hears the victim's sockets close in the same turns of its event loop as the exit.
      for (let turn = 0; turn < 3; turn += 1) await new Promise((resolve) => setImmediate(resolve));
      return { openAtKill: watch.stop(), sentBefore };
    };
    const startedAt = performance.now();
    await Promise.all(
      people.map(async (person) => {
        for (let step = 0; step < ACTIONS_PER_PERSON; step += 1) {
          await person.act(ROUND[step % ROUND.length]!, step);
          finishedActions += 1;
          if (finishedActions >= KILL_AFTER_ACTIONS && !killing) killing = kill();
        }
      }),
    );
    const { openAtKill, sentBefore } = await killing!;
    const loadMs = performance.now() - startedAt;

    // Spread: round robin gave each process about a third before the kill.
    const before = [...sentBefore.values()];
    const beforeTotal = before.reduce((sum, count) => sum + count, 0);
    for (const count of before) expect(count / beforeTotal).toBeGreaterThan(0.25);

    // Lost requests: only ones in flight to the victim while it died, so no more than were open to it.
    expect(failures.filter((failure) => !openAtKill.has(failure.id))).toEqual([]);
    expect(failures.length).toBeLessThanOrEqual(openAtKill.size);

    // Every accepted message is answered and every committed document processed, by the survivors.
    const accepted = people.flatMap((person) => person.accepted.map((message) => ({ ...message, person })));
    const committed = people.flatMap((person) => person.committed.map((document) => ({ ...document, person })));
    await Promise.all(accepted.map((message) => api.waitForReply(message.person.session, message.sessionId, message.createdAt, 120_000)));
    const finished = await Promise.all(committed.map((document) => api.waitForDocument(document.person.session, document.id, 120_000)));
    expect(finished.map((document) => document.status)).toEqual(committed.map(() => 'ready'));
    const settledMs = performance.now() - startedAt - loadMs;

    const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
    await client.connect();
    onCleanup(() => client.end());
    // Every message stored (the accepted ones, and any whose answer was lost with the victim) was answered once.
    const { rows: messages } = await client.query<{ id: string; content: string; org_id: string; replies: string; status: string }>(`
      SELECT u.id, u.content, s.org_id, r.status,
             (SELECT count(*) FROM chat_messages a WHERE a.role = 'assistant' AND a.run_id = r.id) AS replies
        FROM chat_messages u JOIN agent_runs r ON r.user_message_id = u.id JOIN spaces s ON s.id = u.space_id
       WHERE u.role = 'user'`);
    const stored = new Set(messages.map((message) => message.content));
    expect(accepted.filter((message) => !stored.has(message.question))).toEqual([]);
    expect(messages.filter((message) => message.status !== 'succeeded' || Number(message.replies) !== 1)).toEqual([]);
    const { rows: documents } = await client.query<{ filename: string; status: string; processing_attempts: number }>(
      'SELECT filename, status, processing_attempts FROM kb_documents',
    );
    const { rows: runs } = await client.query<{ attempts: number }>('SELECT attempts FROM agent_runs');
    expect(documents.filter((document) => document.status !== 'ready')).toEqual([]);

    // Exactly once at the model: the survivors were asked once per stored message and document; the
    // victim at most once each, and it never answered.
    const survivorsAsked = countBy(survivingModels.flatMap((model) => model.chats()), askedMessage);
    expect(Object.fromEntries(survivorsAsked)).toEqual(Object.fromEntries(messages.map((message) => [message.content, 1])));
    const survivorsFiled = countBy(survivingModels.flatMap((model) => model.categorisations()), categorisedFile);
    expect(Object.fromEntries(survivorsFiled)).toEqual(Object.fromEntries(documents.map((document) => [document.filename, 1])));
    const victimAsked = countBy(victimModel.chats(), askedMessage);
    const victimFiled = countBy(victimModel.categorisations(), categorisedFile);
    expect([...victimAsked.values(), ...victimFiled.values()].every((count) => count === 1)).toBe(true);

    // Charges: one per stored message, nothing refunded; each balance is grant + purchases − charges.
    const { rows: ledger } = await client.query<{ org_id: string; transaction_type: string; credits: number; idempotency_key: string | null }>(
      'SELECT org_id, transaction_type, credits, idempotency_key FROM credit_transactions',
    );
    const debits = ledger.filter((row) => row.transaction_type === 'debit');
    expect(Object.fromEntries(countBy(debits, (row) => row.idempotency_key ?? 'none'))).toEqual(Object.fromEntries(messages.map((message) => [`chat_message:${message.id}`, 1])));
    expect(ledger.filter((row) => row.transaction_type === 'refund')).toEqual([]);
    for (const person of people) {
      const rows = ledger.filter((row) => row.org_id === person.session.orgId);
      const sum = (type: string) => rows.filter((row) => row.transaction_type === type).reduce((total, row) => total + row.credits, 0);
      expect(rows.filter((row) => row.transaction_type === 'purchase').length).toBeGreaterThanOrEqual(person.bought);
      const credits = await api.credits(person.session);
      expect(credits.remaining).toBe(sum('grant') + sum('purchase') + sum('credit') - sum('debit'));
    }

    const sent = [...proxy.sent().entries()].map(([, count], index) => `${index === 2 ? 'killed ' : ''}${count}`);
    report(
      'three processes (postgres)',
      `${people.length} people × ${ACTIONS_PER_PERSON} actions in ${Math.round(loadMs)} ms through the proxy; requests per process ${sent.join(' / ')} ` +
        `(before the kill ${before.join(' / ')}); ${openAtKill.size} request(s) open to the killed process, ${failures.length} failed ` +
        `(${failures.map((failure) => failure.request).join(', ') || 'none'}), ${proxy.retried()} passed on to another process; ` +
        `${messages.length} messages (${accepted.length} accepted) and ${documents.length} documents done once; ` +
        `taken over from the killed process: ${runs.filter((run) => run.attempts > 1).length} run(s) (${victimAsked.size} cut off while asking its model) ` +
        `and ${documents.filter((document) => document.processing_attempts > 1).length} document(s) (${victimFiled.size} while asking its model); ` +
        `servers started in ${Math.round(startMs)} ms, all replies and documents done ${Math.round(settledMs)} ms after the load`,
    );
  });
});
