/**
 * Part 3 of npm run bench:chat: time from pressing Send to the first character of the reply on
 * screen, in Chromium, with a local streaming OpenAI-compatible stand-in (tests/helpers/fake-openai.ts)
 * that answers at once. Measured inside the page: from the click on Send (performance.now()) to
 * the first DOM change that puts the reply's opening words in the conversation (a MutationObserver),
 * whether the stream or the final message brought them. BENCH_STREAM_SENDS (20) sends in one chat.
 */
import type { Browser } from 'playwright-core';
import { startFakeOpenAi } from '../helpers/fake-openai';

const SENDS = Number(process.env.BENCH_STREAM_SENDS ?? 20);

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
    await page.goto(`${server.baseUrl}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(deps.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${server.baseUrl}/agents/seo/chat/${accepted.session_id}`);
    const log = page.getByRole('log', { name: 'Conversation' });
    console.error('bench: chat open, waiting for the first answer');
    await log.getByText('Answer 0:').first().waitFor({ timeout: 60_000 });

    const timings: number[] = [];
    for (let index = 1; index <= SENDS; index += 1) {
      await page.getByRole('button', { name: 'Send' }).waitFor();
      await page.getByRole('textbox', { name: 'Message' }).fill(`Question ${index}`);
      const elapsed = await page.evaluate(
        (marker) =>
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
            started = performance.now();
            send.click();
          }),
        `Answer ${index}:`,
      );
      timings.push(elapsed);
      console.error(`bench: send ${index}: ${elapsed.toFixed(0)} ms`);
      // The next send waits for this reply to be finished (Send is back).
      await log.getByText(`Answer ${index}:`).last().waitFor();
    }
    timings.sort((a, b) => a - b);
    const at = (p: number) => timings[Math.min(timings.length - 1, Math.floor((p / 100) * timings.length))]!;
    console.log(`\n## Send → first streamed character on screen (Chromium, local streaming stand-in answering at once, ${SENDS} sends)`);
    console.log(`p50 ${at(50).toFixed(0)} ms, p95 ${at(95).toFixed(0)} ms, min ${timings[0]!.toFixed(0)} ms, max ${timings.at(-1)!.toFixed(0)} ms (target p50 ≤ 150 ms)`);
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
    await fake.close();
  }
}
