/**
 * Agents that use analytics read the space's GA4 figures (docs/agents.md "Analytics in answers"):
 * with the demo source and the offline engine, with Google (a fake at the network edge) and a model
 * provider (the fake OpenAI-compatible server, to see the prompt), and when the figures cannot be
 * read, in which case the run still answers and is charged as usual.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ga4ReportResponse } from '../../src/contract/ga4';
import { createAnalyticsProviders, type AnalyticsProvider, type AnalyticsProviders } from '../../server/src/ga4/index';
import { ProviderError } from '../../server/src/ga4/types';
import { createAnalyticsLoader } from '../../server/src/services/agents/analytics';
import { resolveGa4Keys } from '../../server/src/services/ga4/ga4-keys';
import { TokenCipher } from '../../server/src/services/ga4/token-cipher';
import { startFakeGoogle, type FakeGoogle } from '../helpers/fake-google';
import { startFakeOpenAi, type FakeOpenAi } from '../helpers/fake-openai';
import { creditsOf, sendAsync, waitForReply, type AcceptedBody, type Caller, type PollBody } from '../helpers/fake-openai-chat';
import { createTestApp, registerOwner, testEngine, type RegisteredOwner, type TestApp } from '../helpers/server';
import { appForSuite, preparedForSuite } from '../helpers/suite-fixtures';
import { accountsOf, connectDemo, connectGoogle, ga4Call } from './ga4-helpers';

const DEMO_STORE = { id: '900000001', name: 'Demo Store' };
const DEMO_BLOG = { id: '900000002', name: 'Demo Blog' };

/** The dashboard's default range: the last 28 days, today included, as local calendar dates. */
function last28Days(): { start_date: string; end_date: string } {
  const iso = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  const today = new Date();
  return { start_date: iso(new Date(today.getFullYear(), today.getMonth(), today.getDate() - 27)), end_date: iso(today) };
}

const callerOf = (who: RegisteredOwner): Caller => ({ access_token: who.access_token, spaceId: who.defaultSpace.id });

async function link(t: TestApp, who: RegisteredOwner, accountId: string, property: { id: string; name: string }): Promise<void> {
  const response = await ga4Call(t, who, who.defaultSpace.id, 'POST', '/link', {
    google_oauth_account_id: accountId,
    ga4_property_id: property.id,
    ga4_property_display_name: property.name,
  });
  if (response.statusCode !== 201) throw new Error(`link failed: ${response.statusCode} ${response.body}`);
}

async function ask(t: TestApp, caller: Caller, slug: string, message: string): Promise<{ accepted: AcceptedBody; result: PollBody; reply: string }> {
  const response = await sendAsync(t.app, caller, slug, { message });
  if (response.statusCode !== 202) throw new Error(`send failed: ${response.statusCode} ${response.body}`);
  const accepted = response.json<AcceptedBody>();
  const result = await waitForReply(t.app, caller, accepted.session_id, accepted.created_at);
  return { accepted, result, reply: result.messages.find((message) => message.role === 'assistant')?.content ?? '' };
}

describe(`agents with the demo analytics source and the offline engine (${testEngine})`, () => {
  const t = appForSuite();
  const owner = preparedForSuite(() => registerOwner(t.app));
  let unlinked: RegisteredOwner;

  beforeAll(async () => {
    await connectDemo(t, owner, owner.defaultSpace.id);
    const [account] = await accountsOf(t, owner, owner.defaultSpace.id);
    // Two links: the first one (the dashboard's auto-selection) is the one the agents read.
    await link(t, owner, account!.id, DEMO_STORE);
    await link(t, owner, account!.id, DEMO_BLOG);
    unlinked = await registerOwner(t.app, { org_name: 'No Analytics Ltd' });
  });

  const report = async (body: object) => {
    const response = await ga4Call(t, owner, owner.defaultSpace.id, 'POST', '/report', { property_id: DEMO_STORE.id, ...last28Days(), ...body });
    expect(response.statusCode).toBe(200);
    return response.json<Ga4ReportResponse>();
  };

  it("answers with the first linked property's sessions for the last 28 days, as the report endpoint gives them", async () => {
    const totals = await report({ metrics: ['sessions'], dimensions: [] });
    const channels = await report({ metrics: ['sessions'], dimensions: ['sessionDefaultChannelGroup'], order_bys: [{ metric: 'sessions', desc: true }], limit: 10 });
    const sessions = Number(totals.totals.sessions);
    expect(sessions).toBeGreaterThan(0);
    const topChannel = channels.rows[0]!;

    const { result, reply } = await ask(t, callerOf(owner), 'cmo', 'Where should we put next quarter budget across channels?');
    expect(result.run?.status).toBe('succeeded');
    expect(reply).toContain('**Demo Store**, last 28 days');
    expect(reply).toContain(`| Sessions | ${sessions.toLocaleString('en-US')} |`);
    expect(reply).toContain(`- ${String(topChannel.sessionDefaultChannelGroup)}: ${Number(topChannel.sessions).toLocaleString('en-US')} sessions (`);
    expect(reply).toContain('Sessions in the last 7 days:');
    expect(reply).not.toContain('Demo Blog');
    expect(reply).not.toContain('No analytics property is connected');
  });

  it('gives no analytics to an agent without the analytics tool', async () => {
    const { result, reply } = await ask(t, callerOf(owner), 'email', 'Draft a re-engagement email for lapsed buyers');
    expect(result.run?.status).toBe('succeeded');
    expect(reply).not.toContain('Demo Store');
    expect(reply).not.toContain('| Sessions |');
  });

  it('still answers in a space without a linked property, leaving the figures out (no setup text in the reply)', async () => {
    const before = await creditsOf(t.app, callerOf(unlinked));
    const { result, reply } = await ask(t, callerOf(unlinked), 'seo', 'Which landing pages should we optimise first?');
    expect(result.run?.status).toBe('succeeded');
    expect(reply).toContain('### Search intent');
    expect(reply).not.toContain('### Organic performance');
    for (const setup of ['No analytics property', 'Connect Google Analytics', 'Connections']) expect(reply).not.toContain(setup);
    expect((await creditsOf(t.app, callerOf(unlinked))).remaining).toBe(before.remaining - 20);
  });

  describe('the snapshot cache', () => {
    let calls: number;
    let failure: Error | null;
    let providers: AnalyticsProviders;

    beforeAll(() => {
      const real = createAnalyticsProviders(t.config.ga4);
      // Counts the source's report calls (and can make them fail) around the real demo source.
      const counted = (provider: AnalyticsProvider | undefined): AnalyticsProvider | undefined =>
        provider && {
          ...provider,
          runReport: async (token, query) => {
            calls += 1;
            if (failure) throw failure;
            return provider.runReport(token, query);
          },
        };
      providers = { forNewConnections: real.forNewConnections, of: (name) => counted(real.of(name)) };
    });

    const loaderAt = async (clock: { now: number }, warnings: object[] = []) => {
      const keys = await resolveGa4Keys(t.database.db, t.config);
      const ctx = { db: t.database.db, providers, cipher: new TokenCipher(keys.tokenKey), withLock: t.database.withLock, refreshesInFlight: new Map() };
      return createAnalyticsLoader(ctx, { log: { warn: (object) => void warnings.push(object) }, now: () => new Date(clock.now) });
    };

    it('reads the three dashboard reports once per space and property for five minutes', async () => {
      calls = 0;
      failure = null;
      const clock = { now: Date.now() };
      const loader = await loaderAt(clock);
      const first = await loader.lookup(owner.defaultSpace.id);
      expect(first.status).toBe('ready');
      expect(calls).toBe(3);
      expect(await loader.lookup(owner.defaultSpace.id)).toEqual(first);
      expect(calls).toBe(3);
      clock.now += 5 * 60_000 + 1;
      await loader.lookup(owner.defaultSpace.id);
      expect(calls).toBe(6);
      // A space without a link asks nothing of the source.
      expect(await loader.lookup(unlinked.defaultSpace.id)).toEqual({ status: 'not-connected' });
      expect(calls).toBe(6);
    });

    it('does not keep a failure: the next run asks again', async () => {
      calls = 0;
      failure = new ProviderError('GA4_QUOTA_EXCEEDED', 'Exhausted property tokens per day quota.');
      const warnings: object[] = [];
      const loader = await loaderAt({ now: Date.now() }, warnings);
      expect(await loader.lookup(owner.defaultSpace.id)).toEqual({ status: 'unavailable' });
      expect(warnings).toEqual([expect.objectContaining({ spaceId: owner.defaultSpace.id, propertyId: DEMO_STORE.id, code: 'GA4_QUOTA_EXCEEDED' })]);
      failure = null;
      expect((await loader.lookup(owner.defaultSpace.id)).status).toBe('ready');
      expect(calls).toBeGreaterThan(3);
    });
  });
});

describe(`agents reading Google Analytics through a model provider (${testEngine})`, () => {
  let google: FakeGoogle;
  let model: FakeOpenAi;
  let t: TestApp;

  /** A new organisation whose owner connects their own Google account and links one property. */
  async function ownerWithGoogle(sub: string, property: { id: string; name: string }): Promise<RegisteredOwner> {
    const who = await registerOwner(t.app, { org_name: `Org ${sub}` });
    await connectGoogle(t, google, who, who.defaultSpace.id, { sub, email: `${sub}@gmail.example` });
    const [account] = await accountsOf(t, who, who.defaultSpace.id);
    await link(t, who, account!.id, property);
    return who;
  }

  const systemPrompt = () => model.requests.at(-1)!.messages.find((message) => message.role === 'system')!.content as string;
  const reportsFor = (propertyId: string) => google.reportRequests.filter((request) => request.propertyId === propertyId).length;

  beforeAll(async () => {
    google = await startFakeGoogle();
    google.accounts = [{ name: 'Acme GA', properties: [{ id: '111', displayName: 'Acme Web' }, { id: '222', displayName: 'Acme App' }, { id: '333', displayName: 'Acme Shop' }] }];
    model = await startFakeOpenAi();
    t = await createTestApp({
      captureLogs: true,
      env: { ...google.env, OPENAI_COMPATIBLE_BASE_URL: model.baseUrl, OPENAI_COMPATIBLE_API_KEY: 'local-key', LLM_MODEL: 'llama-test' },
    });
  });
  afterAll(async () => {
    await t.close();
    await google.close();
    await model.close();
  });

  it('puts the figures in the prompt of an agent with the analytics tool, and asks Google once per run at most', async () => {
    const who = await ownerWithGoogle('111000', { id: '111', name: 'Acme Web' });
    await ask(t, callerOf(who), 'email', 'Draft a welcome email');
    expect(systemPrompt()).not.toContain('## Analytics');
    expect(reportsFor('111')).toBe(0);

    const { result } = await ask(t, callerOf(who), 'strategy-review', 'How did the quarter go?');
    expect(result.run?.status).toBe('succeeded');
    const system = systemPrompt();
    expect(system).toContain('## Analytics (Acme Web, last 28 days');
    // The fake's totals row says 999 sessions; its biggest channel row, 'Value 2', has 308 of them.
    expect(system).toContain('- Sessions: 999');
    expect(system).toContain('Top channels by sessions: Value 2 308 (30.8%), Value 1 208');
    expect(system).toContain('Sessions per day (oldest first): 2025-01-01 108');
    expect(reportsFor('111')).toBe(3);
    const [first] = google.reportRequests.filter((request) => request.propertyId === '111');
    // The last 28 days (the key figures ask for the 28 days before as well, in the same request).
    expect((first?.body.dateRanges as unknown[] | undefined)?.[0]).toMatchObject({ startDate: last28Days().start_date, endDate: last28Days().end_date });

    await ask(t, callerOf(who), 'cmo', 'And what should we do next?');
    expect(systemPrompt()).toContain('- Sessions: 999');
    expect(reportsFor('111')).toBe(3);
  });

  it('says no property is connected when the space has none', async () => {
    const who = await registerOwner(t.app, { org_name: 'Unlinked Org' });
    await ask(t, callerOf(who), 'seo', 'Which pages rank?');
    expect(systemPrompt()).toContain('No analytics property is connected to this space.');
    // The model is told so, and told to keep setup out of the reply (the client tells admins how to link a property).
    expect(systemPrompt()).toContain('Never tell the reader how to connect, configure or set anything up.');
  });

  it.each([
    ['Google refuses the tokens', '222', 'REFRESH_TOKEN_EXPIRED'],
    ['the quota is used up', '333', 'GA4_QUOTA_EXCEEDED'],
  ])('answers without analytics and charges as usual when %s', async (_case, propertyId, code) => {
    const who = await ownerWithGoogle(`user-${propertyId}`, { id: propertyId, name: `Property ${propertyId}` });
    if (code === 'REFRESH_TOKEN_EXPIRED') {
      google.rejectAccessTokens();
      google.revokeRefreshTokens();
    } else {
      google.behave({ reportFailure: 'quota' });
    }
    try {
      const before = await creditsOf(t.app, callerOf(who));
      const { result, reply } = await ask(t, callerOf(who), 'cmo', 'Where are we losing visitors?');
      expect(result.run?.status).toBe('succeeded');
      expect(reply).toBe('Echo: Where are we losing visitors?');
      expect(systemPrompt()).toContain('Analytics could not be read');
      expect(systemPrompt()).not.toContain(`Property ${propertyId},`);
      expect((await creditsOf(t.app, callerOf(who))).remaining).toBe(before.remaining - 20);

      // Matched on the field, not the bare id: "333" is also in some process ids.
      const warning = t.logs.find((line) => line.includes('Analytics could not be read for an agent run') && line.includes(`"propertyId":"${propertyId}"`));
      expect(warning).toContain(code);
      for (const token of [...google.issuedAccessTokens, ...google.issuedRefreshTokens]) expect(warning).not.toContain(token);
    } finally {
      google.behave({});
    }
  });
});
