/**
 * npm run bench:chat — the two figures of the chat issue, on this machine:
 *
 * 1. 1,000 concurrent waiting long polls on one server process: memory the process adds while
 *    they wait (VmRSS from /proc) and how long after a reply is stored each poll gets it.
 *    The server runs as its own process (temporary PGlite folder, LOG_LEVEL=warn, poll hold 60 s)
 *    and answers through a local fake OpenAI-compatible provider that holds every request until
 *    the polls are all waiting, then answers; 1,000 polls are spread over the sessions.
 * 2. Opening a 5,000-message session in Chromium: from the screen mounting (Dexie read) to the
 *    first paint of messages, and from navigation start. The messages are written straight into
 *    the app's IndexedDB as a tree of versions (every 10th reply regenerated once, every 25th
 *    question edited twice, each version with its reply; the conversation goes on below the newest
 *    ones), so the screen builds the tree and picks the branch it shows; the server's copy is kept
 *    away (the request fails) so the screen shows what the device holds, as it does offline. Also
 *    the mean frame time while scrolling through, and switching a reply to its other version.
 *
 * 3. Send → first streamed character on screen in Chromium (chat-first-token.ts).
 *
 * Needs the production build (npm run build) for parts 2 and 3. BENCH_POLLS (1000), BENCH_SESSIONS (4)
 * and BENCH_MESSAGES (5000) tune it. Everything started is stopped.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startFakeOpenAi } from '../helpers/fake-openai';
import { benchFirstStreamedCharacter } from './chat-first-token';
import { startTsxServer } from './tsx-server';
import { signInOnLoginScreen } from './login-screen';

const ROOT = path.resolve(import.meta.dirname, '../..');
const POLLS = Number(process.env.BENCH_POLLS ?? 1000);
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 4);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 5000);
const PASSWORD = 'benchmark-password-123';

function startServer(env: Record<string, string>) {
  // A first start creates the embedded database: minutes on a loaded 2-core machine.
  return startTsxServer({ name: 'chat', env, startTimeoutSeconds: 300 });
}

/** tsx starts the server as a child node process: measure that one (the deepest descendant). */
async function serverPid(pid: number): Promise<number> {
  const children = (await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '')).trim().split(/\s+/).filter(Boolean);
  return children.length > 0 ? serverPid(Number(children[0])) : pid;
}

async function rssMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${await serverPid(pid)}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kib / 1024;
}

async function api<T>(baseUrl: string, method: string, url: string, body?: object, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(`${baseUrl}/api/v1${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function register(baseUrl: string) {
  const email = `bench-${Date.now()}@bench.example.com`;
  const session = await api<{ access_token: string }>(baseUrl, 'POST', '/register', { email, password: PASSWORD, name: 'Bench', org_name: 'Bench Org' });
  const { data: spaces } = await api<{ data: { id: string }[] }>(baseUrl, 'GET', '/spaces/', undefined, { authorization: `Bearer ${session.access_token}` });
  return { email, headers: { authorization: `Bearer ${session.access_token}`, 'x-space-id': spaces[0]!.id } };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** One long poll over its own connection; resolves with the reply's stored time and when it came back. */
function longPoll(agent: http.Agent, baseUrl: string, headers: Record<string, string>, sessionId: string, since: string) {
  return new Promise<{ storedAt: number; receivedAt: number }>((resolve, reject) => {
    const url = new URL(`${baseUrl}/api/v1/agents/sessions/${sessionId}/poll?since=${encodeURIComponent(since)}`);
    const request = http.get(url, { agent, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        const receivedAt = Date.now();
        const parsed = JSON.parse(body) as { messages: { role: string; created_at: string }[] };
        const reply = parsed.messages.find((message) => message.role === 'assistant');
        if (!reply) return reject(new Error(`poll returned without a reply: ${body.slice(0, 200)}`));
        resolve({ storedAt: Date.parse(reply.created_at), receivedAt });
      });
    });
    request.on('error', reject);
  });
}

async function benchLongPolls(): Promise<void> {
  const fake = await startFakeOpenAi({ hang: true });
  const server = await startServer({ OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl, AGENT_POLL_HOLD_SECONDS: '60' });
  try {
    const { headers } = await register(server.baseUrl);
    const sent: { session_id: string; created_at: string }[] = [];
    for (let index = 0; index < SESSIONS; index += 1) {
      sent.push(await api(server.baseUrl, 'POST', '/agents/seo/messages/async', { message: `Benchmark question ${index}` }, headers));
    }
    // Every run is now waiting on the provider, so nothing answers the polls until we say so.
    while (fake.requests.length < SESSIONS) await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = await rssMiB(server.pid);

    const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
    const polls = Array.from({ length: POLLS }, (_, index) => {
      const target = sent[index % SESSIONS]!;
      return longPoll(agent, server.baseUrl, headers, target.session_id, target.created_at);
    });
    // Let every request reach the server and settle into waiting.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const waiting = await rssMiB(server.pid);

    // Answer: the provider releases every held request; each run stores its reply and wakes its polls.
    fake.behave({ reply: () => 'Benchmark reply.' });
    const results = await Promise.race([
      Promise.all(polls),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('polls did not return within 60 s')), 60_000)),
    ]);
    agent.destroy();
    const latencies = results.map((result) => result.receivedAt - result.storedAt).sort((a, b) => a - b);
    console.log(`\n## ${POLLS} concurrent long polls on ${SESSIONS} sessions (one server process, PGlite)`);
    console.log(`server RSS before polls: ${before.toFixed(1)} MiB; while ${POLLS} wait: ${waiting.toFixed(1)} MiB; added: ${(waiting - before).toFixed(1)} MiB (target ≤ 100 MB)`);
    console.log(
      `wake latency (reply stored → poll answered at the client): p50 ${percentile(latencies, 50)} ms, p95 ${percentile(latencies, 95)} ms, max ${latencies.at(-1)} ms (target ≤ 100 ms)`,
    );
  } finally {
    await server.stop();
    await fake.close().catch(() => undefined);
  }
}

async function benchOpenSession(): Promise<void> {
  if (!existsSync(path.join(ROOT, 'dist', 'index.html'))) throw new Error('Build the app first: npm run build');
  const server = await startServer({});
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const { email, headers } = await register(server.baseUrl);
    const accepted = await api<{ session_id: string }>(server.baseUrl, 'POST', '/agents/seo/messages/async', { message: 'Seed session' }, headers);
    const spaceId = headers['x-space-id'];
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signInOnLoginScreen(page, server.baseUrl, email, PASSWORD);
    await page.goto(`${server.baseUrl}/agents/seo/chat/${accepted.session_id}`);
    await page.getByRole('log', { name: 'Conversation' }).waitFor();

    // 5,000 messages of realistic length as a tree of versions, written where the app keeps them.
    const seeded = await page.evaluate(
      async ({ sessionId, spaceId: space, count }) => {
        const open = indexedDB.open('mosaic');
        const database: IDBDatabase = await new Promise((resolve, reject) => {
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        });
        const tx = database.transaction(['messages'], 'readwrite');
        const store = tx.objectStore('messages');
        const start = Date.parse('2025-01-01T00:00:00.000Z');
        let written = 0;
        let versioned = 0;
        let shown = 0;
        const put = (id: string, parentId: string | null, user: boolean, index: number) => {
          store.put({
            id,
            spaceId: space,
            sessionId,
            parentId,
            role: user ? 'user' : 'assistant',
            content: user
              ? `Question ${index}: how should we position the spring campaign for bakeries?`
              : `### Summary\n\nAnswer ${index}. Focus on **morning routines**, show the product in use, and keep the copy short.\n\n- Lead with the benefit\n- One call to action\n- Test two headlines`,
            createdAt: new Date(start + written * 1000).toISOString(),
            rating: null,
            feedbackCategories: [],
            feedbackText: null,
            pending: false,
          });
          written += 1;
        };
        let parent: string | null = null;
        for (let exchange = 0; written < count; exchange += 1) {
          // Every 25th question edited twice (3 versions), every 10th reply regenerated once (2 versions).
          const questionVersions = exchange % 25 === 12 ? 3 : 1;
          let reply = '';
          for (let q = 0; q < questionVersions && written < count; q += 1) {
            const question = `bench-q${exchange}-${q}`;
            put(question, parent, true, written);
            const replyVersions = q === questionVersions - 1 && exchange % 10 === 5 ? 2 : 1;
            for (let r = 0; r < replyVersions && written < count; r += 1) {
              reply = `bench-a${exchange}-${q}-${r}`;
              put(reply, question, false, written);
            }
            if (replyVersions > 1) versioned += 1;
          }
          if (questionVersions > 1) versioned += 1;
          shown += 2;
          parent = reply;
        }
        await new Promise((resolve, reject) => {
          tx.oncomplete = resolve;
          tx.onerror = () => reject(tx.error);
        });
        database.close();
        return { written, versioned, shown };
      },
      { sessionId: accepted.session_id, spaceId, count: MESSAGES },
    );
    // The screen must show what the device holds: the server's (shorter) copy is kept away.
    await page.route('**/api/v1/agents/sessions/*/messages', (route) => route.abort());

    const runs: { mount: number; navigation: number }[] = [];
    for (let run = 0; run < 5; run += 1) {
      await page.goto(`${server.baseUrl}/agents/seo/chat/${accepted.session_id}`);
      await page.waitForFunction(() => performance.getEntriesByName('mosaic:chat-painted').length > 0, null, { timeout: 30_000 });
      runs.push(
        await page.evaluate(() => {
          const open = performance.getEntriesByName('mosaic:chat-open').at(-1)!.startTime;
          const painted = performance.getEntriesByName('mosaic:chat-painted').at(-1)!.startTime;
          return { mount: painted - open, navigation: painted };
        }),
      );
    }
    const rows = await page.locator('.message-list__row').count();
    const frame = await page.evaluate(async () => {
      const list = document.querySelector('.message-list')!;
      list.scrollTop = 0;
      const frames: number[] = [];
      let last = performance.now();
      const steps = 120;
      for (let step = 0; step < steps; step += 1) {
        list.scrollTop = (list.scrollHeight * step) / steps;
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const now = performance.now();
        frames.push(now - last);
        last = now;
      }
      frames.sort((a, b) => a - b);
      return { mean: frames.reduce((sum, value) => sum + value, 0) / frames.length, p95: frames[Math.floor(frames.length * 0.95)]! };
    });
    // Switching a reply to its other version: from the click to the next frame with the other version's count.
    const switches: number[] = [];
    for (let run = 0; run < 5; run += 1) {
      await page.goto(`${server.baseUrl}/agents/seo/chat/${accepted.session_id}`);
      const group = page.getByRole('group', { name: 'Versions of this reply' }).last();
      await group.waitFor({ timeout: 30_000 });
      const before = await group.locator('.visually-hidden').textContent();
      const button = group.getByRole('button', { name: before?.startsWith('Version 1') ? 'Next version' : 'Previous version' });
      const handle = await button.elementHandle();
      switches.push(
        await page.evaluate(async (element) => {
          const count = element!.parentElement!.querySelector('.visually-hidden')!;
          const was = count.textContent;
          const clicked = performance.now();
          (element as HTMLButtonElement).click();
          while (count.textContent === was) await new Promise((resolve) => requestAnimationFrame(resolve));
          await new Promise((resolve) => requestAnimationFrame(resolve));
          return performance.now() - clicked;
        }, handle),
      );
    }
    switches.sort((a, b) => a - b);
    const mounts = runs.map((r) => r.mount).sort((a, b) => a - b);
    const navigations = runs.map((r) => r.navigation).sort((a, b) => a - b);
    console.log(`\n## Opening a ${seeded.written}-message session with versions from Dexie (Chromium, 1280×800, 5 reloads)`);
    console.log(`${seeded.versioned} messages with 2 or 3 versions; the branch shown has ${seeded.shown} messages`);
    console.log(`screen mount → first paint of messages: median ${mounts[2]!.toFixed(0)} ms (min ${mounts[0]!.toFixed(0)}, max ${mounts[4]!.toFixed(0)}) (target ≤ 300 ms)`);
    console.log(`navigation start → first paint of messages: median ${navigations[2]!.toFixed(0)} ms`);
    console.log(`rows in the page: ${rows} of ${MESSAGES}; scrolling through: mean frame ${frame.mean.toFixed(1)} ms, p95 ${frame.p95.toFixed(1)} ms`);
    console.log(`switching a reply to its other version → next frame: median ${switches[2]!.toFixed(0)} ms (min ${switches[0]!.toFixed(0)}, max ${switches[4]!.toFixed(0)})`);
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}

const launchBrowser = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });

// BENCH_PARTS=stream (or polls,open) runs only those parts.
const parts = new Set((process.env.BENCH_PARTS ?? 'polls,open,stream').split(','));
if (parts.has('polls')) await benchLongPolls();
if (parts.has('open')) await benchOpenSession();
if (parts.has('stream')) await benchFirstStreamedCharacter({ startServer, register, api, launchBrowser, password: PASSWORD });
