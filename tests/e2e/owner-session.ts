/**
 * How most browser flows begin: a new organisation's owner, registered through the public API,
 * then signed in — in a fresh browser context through the real Login screen, or through the API
 * for the calls a test makes beside the page.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { apiLogin, newContext, registerAccount, signInThroughUi, type Account, type AppUnderTest, type SessionTokens } from './harness';

/** Registers `account` and signs it in through the Login screen of a new context (1280×800 unless told). */
export async function registerAndSignIn(
  app: AppUnderTest,
  account: Account,
  viewport?: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page }> {
  await registerAccount(app.server.baseUrl, account);
  const context = await newContext(app.browser, viewport?.width, viewport?.height);
  const page = await context.newPage();
  await signInThroughUi(page, app.server.baseUrl, account);
  return { context, page };
}

export interface ApiOwner {
  tokens: SessionTokens;
  /** The Authorization header of the owner's calls. */
  auth: { authorization: string };
  /** The organisation's first space (its default). */
  spaceId: string;
}

/** Registers `account` and signs it in through the API. */
export async function registerOwnerThroughApi(baseUrl: string, account: Account): Promise<ApiOwner> {
  await registerAccount(baseUrl, account);
  const tokens = await apiLogin(baseUrl, account);
  const auth = { authorization: `Bearer ${tokens.access_token}` };
  const spaces = ((await (await fetch(`${baseUrl}/api/v1/spaces/`, { headers: auth })).json()) as { data: { id: string }[] }).data;
  return { tokens, auth, spaceId: spaces[0]!.id };
}

/** Sets which model provider one agent answers with in the owner's first space; the answer is the caller's to check. */
export function setAgentProvider(baseUrl: string, owner: ApiOwner, agent: string, provider: string): Promise<Response> {
  return fetch(`${baseUrl}/api/v1/agents/${agent}/settings`, {
    method: 'PUT',
    headers: { ...owner.auth, 'x-space-id': owner.spaceId, 'content-type': 'application/json' },
    body: JSON.stringify({ provider }),
  });
}
