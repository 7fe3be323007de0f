/**
 * Chat in real Chromium against the real server (offline engine, no model configured) and a real
 * production build: send a message, see the reply and the credits change, then go offline,
 * reload, and read the chat from the device.
 */
import { describe, expect, it } from 'vitest';
import { newContext, signInThroughUi, uniqueAccount, waitForServiceWorkerControl } from './harness';
import { registerAndSignIn, registerOwnerThroughApi, setAgentProvider } from './owner-session';
import { startAppWithModelStandIn } from './model-stand-in';
import { setOffline } from './offline';

// A local streaming OpenAI-compatible stand-in is configured, but the default engine stays offline:
// only the agent set to that provider (the streaming test's) answers through it.
const { app, model } = startAppWithModelStandIn();

describe('chatting with an agent', () => {
  it('sends a message, shows the reply and the new balance, and reads the chat offline after a reload', async () => {
    const account = { ...uniqueAccount('chat'), name: 'Chloe Chat' };
    const { context, page } = await registerAndSignIn(app, account);
    // The worker precaches the whole app first; on a busy machine that takes a while.
    await waitForServiceWorkerControl(page, 45_000);

    await page.goto(`${app.server.baseUrl}/agents`);
    await page.getByRole('heading', { name: 'AI Agents', level: 1 }).waitFor();
    await page.getByRole('link', { name: /^SEO:/ }).click();
    await page.getByRole('heading', { name: 'SEO', level: 1 }).waitFor();
    // The plan card shows what has been used so far: nothing yet.
    const planCard = page.locator('.plan-card');
    await expect.poll(() => planCard.textContent()).toMatch(/used\s*0 \/ /);

    const question = 'Which keywords should our bakery software landing page target?';
    await page.getByRole('textbox', { name: 'Message' }).fill(question);
    await page.getByRole('button', { name: 'Send' }).click();

    await page.waitForURL(/\/agents\/seo\/chat\/[0-9a-f-]{36}$/);
    const log = page.getByRole('log', { name: 'Conversation' });
    await log.getByText(question).waitFor();
    await log.getByRole('heading', { name: 'Keyword and title ideas' }).waitFor({ timeout: 30_000 });
    // The reply is the answer only; that no model wrote it shows once, beside the chat title.
    expect(await log.getByText('LLM_PROVIDER').count()).toBe(0);
    await page.getByRole('button', { name: 'Offline engine: about these answers' }).waitFor();
    // One message in normal mode: 20 credits, charged once (the confirming deduct charges nothing more).
    await expect.poll(() => planCard.textContent(), { timeout: 10_000 }).toMatch(/used\s*20 \/ /);
    const url = page.url();

    await setOffline(context, true);
    await page.reload();
    await page.getByRole('log', { name: 'Conversation' }).getByText(question).waitFor();
    await page.getByRole('log', { name: 'Conversation' }).getByRole('heading', { name: 'Search intent' }).waitFor();
    expect(page.url()).toBe(url);
    await context.close();
  });

  it('streams the reply as it is written, and Stop keeps what was written (through the service worker)', async () => {
    const account = { ...uniqueAccount('stream'), name: 'Sam Stream' };
    const owner = await registerOwnerThroughApi(app.server.baseUrl, account);
    const configured = await setAgentProvider(app.server.baseUrl, owner, 'creative', 'openai-compatible');
    expect(configured.status).toBe(200);
    const answer = 'Lead with the feeling of a first spring morning. '.repeat(40);
    // The model writes the first 400 characters, then holds the rest until the test is done.
    model.behave({ reply: () => answer, chunkSize: 20, pauseAfterCharacters: 400 });

    const context = await newContext(app.browser);
    const page = await context.newPage();
    // A phone's height: the streamed text outgrows the conversation, which must follow it.
    await page.setViewportSize({ width: 390, height: 540 });
    await signInThroughUi(page, app.server.baseUrl, account);
    await waitForServiceWorkerControl(page, 45_000);
    await page.goto(`${app.server.baseUrl}/agents/creative`);
    await page.getByRole('textbox', { name: 'Message' }).fill('Three concepts for the spring launch');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(/\/agents\/creative\/chat\/[0-9a-f-]{36}$/);

    const log = page.getByRole('log', { name: 'Conversation' });
    await log.getByText('Three concepts for the spring launch').waitFor();
    // The held model has written only the start: this text on screen came through the stream.
    const streaming = page.getByTestId('streaming-reply');
    await streaming.getByText(/first spring morning/).first().waitFor({ timeout: 30_000 });
    await expect.poll(async () => (await streaming.textContent())?.length ?? 0).toBeGreaterThan(300);
    expect(await page.getByRole('button', { name: 'Send' }).count()).toBe(0);
    // The reply grew past the conversation's height on a phone, and the conversation followed it to the end.
    const distanceFromEnd = () => log.evaluate((element) => ({ overflow: element.scrollHeight - element.clientHeight, left: element.scrollHeight - element.clientHeight - element.scrollTop }));
    await expect.poll(async () => (await distanceFromEnd()).overflow).toBeGreaterThan(100);
    await expect.poll(async () => (await distanceFromEnd()).left).toBeLessThan(2);

    await page.getByRole('button', { name: 'Stop' }).click();
    await page.getByRole('button', { name: 'Send' }).waitFor();
    await expect.poll(() => streaming.count()).toBe(0);
    await log.getByText(/first spring morning/).first().waitFor();
    // ~400 of the 4,000 characters a message pays for: 2 of 20 credits kept.
    const credits = (await (await fetch(`${app.server.baseUrl}/api/v1/billing/credits`, { headers: { ...owner.auth, 'x-space-id': owner.spaceId } })).json()) as { used: number };
    expect(credits.used).toBe(2);
    model.resumeStreams();
    await context.close();
  });
});
