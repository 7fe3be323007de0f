/**
 * Part 3 of npm run bench:chat: time from pressing Send to the first character of the reply on
 * screen, in Chromium, with a local streaming OpenAI-compatible stand-in (tests/helpers/fake-openai.ts)
 * that answers at once. Measured inside the page: from the click on Send (performance.now()) to
 * the first DOM change that puts the reply's opening words in the conversation (a MutationObserver),
 * whether the stream or the final message brought them. BENCH_STREAM_SENDS (20) sends in one chat.
 */
import type { Browser, Page } from 'playwright-core';
import { startFakeOpenAi } from '../helpers/fake-openai';
import { signInOnLoginScreen } from './login-screen';

const SENDS = Number(process.env.BENCH_STREAM_SENDS ?? 20);
/** The page's mark for a stream's first words (src/features/agents/reply-stream.ts). */
const FIRST_DELTA_MARK = 'mosaic:reply-first-delta';

export interface BenchServer {
  baseUrl: string;
  stop(): Promise<void>;
}

export interface FirstTokenDeps {
  startServer(env: Record<string, string>): Promise<BenchServer>;
  register(baseUrl: string): Promise<{ email: string; headers: Record<string, string> }>;
  api<T>(baseUrl: string, method: string, url: string, body?: object, headers?: Record<string, string>): Promise<T>;
  launchBrowser(): Promise<Browser>;
  password: string;
}

const lastUserText = (messages: { role: string; content: unknown }[]) => {
  const content = [...messages].reverse().find((message) => message.role === 'user')?.content;
  return typeof content === 'string' ? content : '';
};

/** One API request of a send, in ms after the click on Send: when it left and when its first byte came back. */
interface RequestPhase {
  name: string;
  start: number;
  /** When it left for the server (after the service worker and a free connection). */
  sent: number;
  firstByte: number;
}

/** The send's API requests from the page's Resource Timing entries (cleared at each click). */
function requestPhases(page: Page): Promise<RequestPhase[]> {
  return page.evaluate(() => {
    const clickedAt = (window as unknown as { __sendClickedAt: number }).__sendClickedAt;
    return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => entry.initiatorType === 'fetch' || entry.initiatorType === 'xmlhttprequest')
      .map((entry) => ({
        name: new URL(entry.name).pathname.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id'),
        start: entry.startTime - clickedAt,
        sent: (entry.requestStart || entry.startTime) - clickedAt,
        firstByte: entry.responseStart - clickedAt,
      }));
  });
}

/** Median start and first byte of each request across the sends: where the time to the first character goes. */
function printBreakdown(breakdowns: RequestPhase[][]): void {
  const byName = new Map<string, RequestPhase[]>();
  for (const phase of breakdowns.flat()) byName.set(phase.name, [...(byName.get(phase.name) ?? []), phase]);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log('\nWhere it goes (median ms after the click: request asked for, sent → first byte back):');
  for (const [name, phases] of byName) {
    console.log(`  ${name}: ${median(phases.map((p) => p.start)).toFixed(0)}, sent ${median(phases.map((p) => p.sent)).toFixed(0)} → ${median(phases.map((p) => p.firstByte)).toFixed(0)} (${phases.length} of ${breakdowns.length} sends)`);
  }
}

export async function benchFirstStreamedCharacter(deps: FirstTokenDeps): Promise<void> {
  // "Question 7" is answered "Answer 7: …": the opening words never appear in the question itself.
  const fake = await startFakeOpenAi({ reply: (request) => `${lastUserText(request.messages).replace('Question', 'Answer')}: ${'start with the audience. '.repeat(40)}` });
  const server = await deps.startServer({ OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl, LLM_PROVIDER: 'openai-compatible' });
  const browser = await deps.launchBrowser();
  try {
    const { email, headers } = await deps.register(server.baseUrl);
    const accepted = await deps.api<{ session_id: string; created_at: string }>(server.baseUrl, 'POST', '/agents/seo/messages/async', { message: 'Question 0' }, headers);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signInOnLoginScreen(page, server.baseUrl, email, deps.password);
    await page.goto(`${server.baseUrl}/agents/seo/chat/${accepted.session_id}`);
    const log = page.getByRole('log', { name: 'Conversation' });
    console.error('bench: chat open, waiting for the first answer');
    await log.getByText('Answer 0:').first().waitFor({ timeout: 60_000 });

    const timings: number[] = [];
    /** Click → the stream's first words parsed in the page (before React shows them). */
    const deltas: number[] = [];
    const breakdowns: RequestPhase[][] = [];
    for (let index = 1; index <= SENDS; index += 1) {
      await page.getByRole('button', { name: 'Send' }).waitFor();
      await page.getByRole('textbox', { name: 'Message' }).fill(`Question ${index}`);
      const profiler = process.env.BENCH_PROFILE && index === SENDS ? await page.context().newCDPSession(page) : null;
      if (profiler) {
        await profiler.send('Profiler.enable');
        await profiler.send('Profiler.setSamplingInterval', { interval: 200 });
        await profiler.send('Profiler.start');
      }
      const elapsed = await page.evaluate(
        ([marker, firstDeltaMark]) =>
          new Promise<number>((resolve) => {
            const conversation = document.querySelector('[role="log"]')!;
            let started = 0;
            const observer = new MutationObserver(() => {
              if (started && conversation.textContent?.includes(marker)) {
                observer.disconnect();
                resolve(performance.now() - started);
              }
            });
            observer.observe(conversation, { childList: true, subtree: true, characterData: true });
            const send = [...document.querySelectorAll('button')].find((button) => button.textContent?.trim() === 'Send')!;
            performance.clearResourceTimings();
            performance.clearMarks(firstDeltaMark);
            started = performance.now();
            (window as unknown as { __sendClickedAt: number }).__sendClickedAt = started;
            send.click();
          }),
        [`Answer ${index}:`, FIRST_DELTA_MARK] as const,
      );
      if (profiler) {
        const { profile } = await profiler.send('Profiler.stop');
        const { writeFile } = await import('node:fs/promises');
        await writeFile(process.env.BENCH_PROFILE!, JSON.stringify(profile));
      }
      timings.push(elapsed);
      const firstDelta = await page.evaluate(
        (mark) => (performance.getEntriesByName(mark).at(-1)?.startTime ?? Number.NaN) - (window as unknown as { __sendClickedAt: number }).__sendClickedAt,
        FIRST_DELTA_MARK,
      );
      if (Number.isFinite(firstDelta)) deltas.push(firstDelta);
      const phases = await requestPhases(page);
      breakdowns.push(phases);
      console.error(`bench: send ${index}: ${elapsed.toFixed(0)} ms, first words in the page at ${firstDelta.toFixed(0)} (${phases.map((p) => `${p.name} ${p.start.toFixed(0)}/${p.sent.toFixed(0)}→${p.firstByte.toFixed(0)}`).join(', ')})`);
      // The next send waits for this reply to be finished (Send is back).
      await log.getByText(`Answer ${index}:`).last().waitFor();
    }
    timings.sort((a, b) => a - b);
    const at = (p: number) => timings[Math.min(timings.length - 1, Math.floor((p / 100) * timings.length))]!;
    console.log(`\n## Send → first streamed character on screen (Chromium, local streaming stand-in answering at once, ${SENDS} sends)`);
    console.log(`p50 ${at(50).toFixed(0)} ms, p95 ${at(95).toFixed(0)} ms, min ${timings[0]!.toFixed(0)} ms, max ${timings.at(-1)!.toFixed(0)} ms (target p50 ≤ 150 ms)`);
    deltas.sort((a, b) => a - b);
    if (deltas.length > 0) console.log(`first words in the page (stream read, before the screen): median ${deltas[Math.floor(deltas.length / 2)]!.toFixed(0)} ms over ${deltas.length} sends`);
    printBreakdown(breakdowns);
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
    await fake.close();
  }
}
