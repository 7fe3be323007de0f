/** Shared steps of the GA4 suites: connecting an account through the real HTTP flow. */
import type { LightMyRequestResponse } from 'fastify';
import type { Ga4Account, Ga4OAuthStartResponse } from '../../src/contract/ga4';
import type { FakeGoogle, FakeGoogleUser } from '../helpers/fake-google';
import { API, authHeaders, type SignedIn, type TestApp } from '../helpers/server';

export const GA4 = `${API}/integrations/ga4`;

export async function startConnection(t: TestApp, who: SignedIn, spaceId: string): Promise<URL> {
  const response = await t.app.inject({ method: 'GET', url: `${GA4}/oauth/start`, headers: authHeaders(who.access_token, spaceId) });
  if (response.statusCode !== 200) throw new Error(`oauth/start failed: ${response.statusCode} ${response.body}`);
  return new URL(response.json<Ga4OAuthStartResponse>().redirect_url);
}

/** The browser arriving at our callback (path and query of a full URL, or given parts). */
export async function callback(t: TestApp, query: Record<string, string>): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url: `${GA4}/oauth/callback?${new URLSearchParams(query).toString()}` });
}

/** Start → Google consent (the fake issues a code) → callback. Returns the callback's answer. */
export async function connectGoogle(t: TestApp, fake: FakeGoogle, who: SignedIn, spaceId: string, user: FakeGoogleUser) {
  const authorize = await startConnection(t, who, spaceId);
  const state = authorize.searchParams.get('state') ?? '';
  return callback(t, { code: fake.issueCode(user), state, scope: user.scopes ?? '' });
}

/** Demo: start's redirect_url points straight at our own callback. */
export async function connectDemo(t: TestApp, who: SignedIn, spaceId: string): Promise<LightMyRequestResponse> {
  const target = await startConnection(t, who, spaceId);
  return t.app.inject({ method: 'GET', url: `${target.pathname}${target.search}` });
}

export async function accountsOf(t: TestApp, who: SignedIn, spaceId: string): Promise<Ga4Account[]> {
  const response = await t.app.inject({ method: 'GET', url: `${GA4}/accounts`, headers: authHeaders(who.access_token, spaceId) });
  if (response.statusCode !== 200) throw new Error(`accounts failed: ${response.statusCode} ${response.body}`);
  return response.json<{ accounts: Ga4Account[] }>().accounts;
}

export function ga4Call(t: TestApp, who: SignedIn, spaceId: string, method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object) {
  return t.app.inject({ method, url: `${GA4}${path}`, headers: authHeaders(who.access_token, spaceId), ...(payload ? { payload } : {}) });
}
