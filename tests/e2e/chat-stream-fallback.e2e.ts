/**
 * A reply's stream cut mid-reply, in real Chromium against the real server and a production build:
 * the page falls back to the long poll (docs/agents.md "Streaming": "a stream that cannot be
 * opened, breaks or ends without `done` falls back to the long poll") and shows the complete reply
 * once, with no duplicated text and no error left on screen.
 *
 * The cut is a proxy's, as a real one cuts a long response: the browser talks to the server through
 * a small HTTP proxy in this file, which passes everything on as it comes and, when told, closes
 * the connections of the open reply streams. The model is the local OpenAI-compatible stand-in,
 * which writes the reply's start and holds the rest until the test lets it go on, so the cut lands
 * while the reply is being written.
 */
import { createServer, request as forward, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../helpers/wait-until';
import { newContext, signInThroughUi, uniqueAccount, waitForServiceWorkerControl } from './harness';
import { registerOwnerThroughApi, setAgentProvider } from './owner-session';
import { startAppWithModelStandIn } from './model-stand-in';

/** Playwright's default wait: the bound of the waits here that have no locator to wait on. */
const DEFAULT_WAIT_MS = 30_000;

const STREAM_PATH = /^\/api\/v1\/agents\/sessions\/[^/]+\/stream(\?|$)/;
const POLL_PATH = /^\/api\/v1\/agents\/sessions\/[^/]+\/poll(\?|$)/;
/** Connection-level headers belong to each hop, not to the message passed on. */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_HEADERS.has(name)));
}

interface CuttingProxy {
  baseUrl: string;
  /** Paths of the long polls asked for, in order. */
  polls: string[];
  /** Closes the connection of every reply stream open now; returns how many it closed. */
  cutStreams(): number;
  close(): Promise<void>;
}

async function startCuttingProxy(target: string): Promise<CuttingProxy> {
  const upstream = new URL(target);
  const streams = new Set<ServerResponse>();
  const sockets = new Set<Socket>();
  const polls: string[] = [];
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    if (POLL_PATH.test(path)) polls.push(path);
    const outgoing = forward(
      { host: upstream.hostname, port: upstream.port, method: req.method, path, headers: endToEnd(req.headers) },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
        // Each piece as it comes: a reply stream must reach the page while it is written.
        answer.pipe(res);
      },
    );
    outgoing.on('error', () => res.destroy());
    res.on('close', () => {
      streams.delete(res);
      outgoing.destroy();
    });
    if (STREAM_PATH.test(path)) streams.add(res);
    req.pipe(outgoing);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    polls,
    cutStreams() {
      const open = [...streams];
      // What a proxy's idle or length limit does: the connection ends mid-body, with no last chunk.
      for (const res of open) res.socket?.destroy();
      return open.length;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// The stand-in is set up for the one agent the test points at it; every other agent stays offline.
const { app, model } = startAppWithModelStandIn();
let proxy: CuttingProxy;
beforeAll(async () => {
  proxy = await startCuttingProxy(app.server.baseUrl);
});
afterAll(() => proxy?.close());

describe('a reply whose stream is cut mid-reply', () => {
  it('falls back to the long poll and shows the whole reply once, with no error', async () => {
    const account = { ...uniqueAccount('cut'), name: 'Casey Cut' };
    const owner = await registerOwnerThroughApi(app.server.baseUrl, account);
    const configured = await setAgentProvider(app.server.baseUrl, owner, 'creative', 'openai-compatible');
    expect(configured.status).toBe(200);

    // Sentences that each occur once in the reply, so text shown twice is seen.
    const opening = 'Open with the smell of cut grass on the first warm Saturday.';
    const middle = Array.from({ length: 12 }, (_, index) => `Idea ${index + 1}: a window display that changes with week ${index + 1} of spring.`).join(' ');
    const closing = 'Close every email with the opening hours and the map link.';
    const answer = `${opening} ${middle} ${closing}`;
    // The model writes about the first 200 characters, then holds the rest until the test lets it go on.
    model.behave({ reply: () => answer, chunkSize: 20, pauseAfterCharacters: 200 });

    const context = await newContext(app.browser);
    const page = await context.newPage();
    await signInThroughUi(page, proxy.baseUrl, account);
    await waitForServiceWorkerControl(page, DEFAULT_WAIT_MS);
    await page.goto(`${proxy.baseUrl}/agents/creative`);
    await page.getByRole('textbox', { name: 'Message' }).fill('Three ideas for the spring reopening');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(/\/agents\/creative\/chat\/[0-9a-f-]{36}$/);

    // The reply's start is on screen through the stream; the model holds the rest.
    const log = page.getByRole('log', { name: 'Conversation' });
    const streaming = page.getByTestId('streaming-reply');
    await streaming.getByText(opening).waitFor();
    expect(await log.getByText(closing).count()).toBe(0);

    const pollsBeforeCut = proxy.polls.length;
    expect(proxy.cutStreams()).toBeGreaterThan(0);
    // The page asks the long poll instead (the stream is not asked for again).
    await until('the page to fall back to the long poll', () => proxy.polls.length > pollsBeforeCut, DEFAULT_WAIT_MS);
    model.resumeStreams();

    // The whole reply, once; the streamed draft gone; the message box free; no error.
    await log.getByText(closing).waitFor();
    await page.getByRole('button', { name: 'Send' }).waitFor();
    await expect.poll(() => streaming.count()).toBe(0);
    for (const sentence of [opening, 'Idea 1: a window display', 'Idea 12: a window display', closing]) {
      expect(await log.getByText(sentence).count(), sentence).toBe(1);
    }
    expect(await log.textContent()).toContain(middle);
    expect(await page.getByRole('alert').count()).toBe(0);
    await context.close();
  });
});
