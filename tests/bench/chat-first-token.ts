/**
 * Part 3 of npm run bench:chat: time from pressing Send to the first character of the reply on
 * screen, in Chromium, with a local streaming OpenAI-compatible stand-in (tests/helpers/fake-openai.ts)
 * that answers at once. Measured inside the page: from the click on Send (performance.now()) to
 * the first DOM change that puts the reply's opening words in the conversation (a MutationObserver),
 * whether the stream or the final message brought them. BENCH_RUNS (5) runs of BENCH_STREAM_SENDS
 * (20) sends each, in one chat: each run's p50 and p95 with the load average at its start and end,
 * then the spread of the runs' p50s (the machine is shared, so one run says little).
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { startFakeOpenAi } from '../helpers/fake-openai';
import { signInOnLoginScreen } from './login-screen';

const SENDS = Number(process.env.BENCH_STREAM_SENDS ?? 20);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
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

/** One run's figures: its sends' p50 and p95, the first words' median, and the load around it. */
interface RunFigures {
  p50: number;
  p95: number;
  min: number;
  max: number;
  firstWordsMedian: number;
  firstWordsSends: number;
  sends: number;
  loadAtStart: string;
  loadAtEnd: string;
}

const percentileOf = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

function runFigures(timings: number[], deltas: number[], loadAtStart: string, loadAtEnd: string): RunFigures {
  const sorted = [...timings].sort((a, b) => a - b);
  const words = [...deltas].sort((a, b) => a - b);
  return {
    p50: percentileOf(sorted, 50),
    p95: percentileOf(sorted, 95),
    min: sorted[0]!,
    max: sorted.at(-1)!,
    firstWordsMedian: words.length > 0 ? percentileOf(words, 50) : Number.NaN,
    firstWordsSends: words.length,
    sends: sorted.length,
    loadAtStart,
    loadAtEnd,
  };
}

/** A table of the runs, then the spread of their p50s against the target. */
function printRuns(runs: RunFigures[]): void {
  console.log(`\n## Send → first streamed character on screen (Chromium, local streaming stand-in answering at once, ${runs.length} runs of ${SENDS} sends)`);
  console.log('| run | p50 ms | p95 ms | min–max ms | first words in the page, median ms (sends) | load average at start → end |');
  console.log('|---|---:|---:|---|---|---|');
  runs.forEach((run, index) =>
    console.log(`| ${index + 1} | ${run.p50.toFixed(0)} | ${run.p95.toFixed(0)} | ${run.min.toFixed(0)}–${run.max.toFixed(0)} | ${run.firstWordsMedian.toFixed(0)} (${run.firstWordsSends} of ${run.sends}) | ${run.loadAtStart} → ${run.loadAtEnd} |`),
  );
  const p50s = runs.map((run) => run.p50);
  const met = p50s.filter((p50) => p50 <= 150).length;
  console.log(`p50 spread over the runs: ${Math.min(...p50s).toFixed(0)}–${Math.max(...p50s).toFixed(0)} ms; p50 ≤ 150 ms in ${met} of ${runs.length} runs`);
}

export async function benchFirstStreamedCharacter(deps: FirstTokenDeps): Promise<void> {
  // "Question 7" is answered "Answer 7: …": the opening words never appear in the question itself.
  const fake = await startFakeOpenAi({ reply: (request) => `${lastUserText(request.messages).replace('Question', 'Answer')}: ${'start with the audience. '.repeat(40)}` });
  const server = await deps.startServer({ OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl, LLM_PROVIDER: 'openai-compatible' });
  const browser = await deps.launchBrowser();
  try {
    const { email, headers } = await deps.register(server.baseUrl);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signInOnLoginScreen(page, server.baseUrl, email, deps.password);
    const log = page.getByRole('log', { name: 'Conversation' });

    const runs: RunFigures[] = [];
    const breakdowns: RequestPhase[][] = [];
    let index = 0;
    for (let run = 1; run <= RUNS; run += 1) {
      // Each run in a chat of its own, opened as a person opens it, so every run starts alike.
      const accepted = await deps.api<{ session_id: string }>(server.baseUrl, 'POST', '/agents/seo/messages/async', { message: 'Question 0' }, headers);
      await page.goto(`${server.baseUrl}/agents/seo/chat/${accepted.session_id}`);
      console.error(`bench: run ${run}, chat open, waiting for the first answer`);
      await log.getByText('Answer 0:').first().waitFor({ timeout: 60_000 });
      const timings: number[] = [];
      /** Click → the stream's first words parsed in the page (before React shows them). */
      const deltas: number[] = [];
      const loadAtStart = loadAverage();
      for (let send = 1; send <= SENDS; send += 1) {
        index += 1;
        await page.getByRole('button', { name: 'Send' }).waitFor();
        await page.getByRole('textbox', { name: 'Message' }).fill(`Question ${index}`);
        const profiler = process.env.BENCH_PROFILE && index === SENDS * RUNS ? await page.context().newCDPSession(page) : null;
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
        console.error(`bench: run ${run}, send ${send}: ${elapsed.toFixed(0)} ms, first words in the page at ${firstDelta.toFixed(0)} (${phases.map((p) => `${p.name} ${p.start.toFixed(0)}/${p.sent.toFixed(0)}→${p.firstByte.toFixed(0)}`).join(', ')})`);
        // The next send waits for this reply to be finished (Send is back).
        await log.getByText(`Answer ${index}:`).last().waitFor();
      }
      runs.push(runFigures(timings, deltas, loadAtStart, loadAverage()));
    }
    printRuns(runs);
    printBreakdown(breakdowns);
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
    await fake.close();
  }
}
