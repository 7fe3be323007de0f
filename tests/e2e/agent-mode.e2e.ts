/**
 * Agent Mode in real Chromium against the real server and the production build in dist/: a goal
 * becomes a plan, the plan is started, the steps stream onto the screen (the model is a local
 * OpenAI-compatible stand-in, streaming for real, holding its answer mid-step), then the server is
 * restarted while a step is being written, and the page carries on: the run resumes at that step
 * and finishes, and the deliverable is there.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type ChatCompletionRequest, type FakeOpenAi } from '../helpers/fake-openai';
import { createThrowAwayPostgresDatabase, type ThrowAwayPostgresDatabase } from '../helpers/server-database';
import { E2E_DATABASE, freePort, launchBrowser, newContext, registerAccount, signInThroughUi, startServer, uniqueAccount, type RunningServer } from './harness';

const stepOf = (request: ChatCompletionRequest) => /## This step: (.+)/.exec(String(request.messages[0]?.content ?? ''))?.[1] ?? '';
const BRIEF = 'Objective: fill the spring calendar. Audience: small salon owners who book by phone today. ';
const DRAFT = '# Spring launch emails\n\n## Email 1\n\nHi {first name}, the booking calendar opens on 3 March.';

function answerFor(request: ChatCompletionRequest): string {
  const step = stepOf(request);
  if (step === 'Research the knowledge base') return 'The launch opens on 3 March with 20% off.';
  if (step === 'Set the brief') return BRIEF.repeat(3);
  if (step === 'Write the draft') return DRAFT;
  return `Done: ${step}.`;
}

describe('Agent Mode', () => {
  let model: FakeOpenAi;
  let browser: Browser;
  let server: RunningServer;
  let dataDir: string;
  let database: ThrowAwayPostgresDatabase | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    model = await startFakeOpenAi();
    dataDir = await mkdtemp(join(tmpdir(), 'mosaic-agent-mode-'));
    // One database for both servers (the restart keeps the data), on the suite's engine.
    database = E2E_DATABASE === 'postgres' ? await createThrowAwayPostgresDatabase(process.env.TEST_DATABASE_URL || 'postgres://postgres:postgres@127.0.0.1:5432/postgres', 'mosaic_e2e') : undefined;
    env = {
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      OPENAI_COMPATIBLE_BASE_URL: model.baseUrl,
      LLM_PROVIDER: 'openai-compatible',
      // The next server takes the interrupted run over within seconds.
      AGENT_RUN_LEASE_SECONDS: '3',
    };
    server = await startServer(env);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await model?.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('plans, starts, streams the steps, and resumes the run after a server restart', async () => {
    const account = { ...uniqueAccount('agentmode'), name: 'Aggie Mode' };
    await registerAccount(server.baseUrl, account);
    const page = await (await newContext(browser)).newPage();
    await signInThroughUi(page, server.baseUrl, account);

    await page.goto(`${server.baseUrl}/agent-mode`);
    await page.getByRole('heading', { name: 'Agent Mode', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Goal' }).fill('Write spring launch emails for small salon owners');
    // Suggested from the goal: Email writes, the CMO sets the brief, Brand Voice checks. Leave the check out.
    await page.getByRole('button', { name: /Brand Voice/ }).click();
    await page.getByRole('button', { name: 'Make a plan' }).click();

    // The plan, its estimate, nothing charged yet.
    const steps = page.getByRole('list', { name: 'Steps' });
    await steps.waitFor();
    expect(await steps.getByRole('listitem').count()).toBe(3);
    await page.getByText('About 35 credits', { exact: true }).waitFor();
    expect(model.requests).toHaveLength(0);

    // The brief streams part of its text, then the model holds the rest.
    model.behave({ reply: answerFor, chunkSize: 8, pauseAfterCharacters: BRIEF.length });
    await page.getByRole('button', { name: 'Start run' }).click();
    await steps.getByText('The launch opens on 3 March with 20% off.').waitFor({ timeout: 30_000 });
    await steps.getByText(/Objective: fill the spring calendar/).waitFor({ timeout: 30_000 });
    expect(model.requests.map(stepOf)).toEqual(['Research the knowledge base', 'Set the brief']);

    // Restart the server in the middle of the brief; the page stays open on the run.
    model.behave({ reply: answerFor, chunkSize: 8 });
    await server.stop();
    server = await startServer(env);

    await page.getByText('Finished', { exact: true }).waitFor({ timeout: 90_000 });
    const deliverable = page.getByTestId('deliverable');
    await deliverable.getByRole('heading', { name: 'Spring launch emails' }).waitFor();
    await deliverable.getByText('Hi {first name}, the booking calendar opens on 3 March.').waitFor();
    // Research once; the brief twice (cut off, then resumed); the draft once.
    expect(model.requests.map(stepOf)).toEqual(['Research the knowledge base', 'Set the brief', 'Set the brief', 'Write the draft']);
    await page.getByText('3 of 3 steps done · 35 credits used').waitFor();
  });
});
