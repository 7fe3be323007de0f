/**
 * The offline engine as a product (issue 12 item 2): a reply is only the answer, with the passages'
 * own emphasis intact; the ledger names what was asked in plain words. And the settings round trip:
 * PUT takes back exactly what GET returned.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { API, authHeaders, registerOwner } from '../helpers/server';
import { seedDocument, sendAsync, waitForReply, type AcceptedBody } from '../helpers/fake-openai-chat';
import { appForSuite, preparedForSuite } from '../helpers/suite-fixtures';

describe('offline engine replies and agent settings round trip', () => {
  const t = appForSuite();
  const owner = preparedForSuite(() => registerOwner(t.app));
  const caller = preparedForSuite(() => ({ access_token: owner.access_token, spaceId: owner.defaultSpace.id }));

  beforeAll(async () => {
    await seedDocument(t.database, {
      spaceId: caller.spaceId,
      filename: 'range_notes.md',
      passages: [
        '# Spring range\nOur shop sells **organic houseplants** grown in Kent. Every houseplant ships in a *recycled* pot with care notes. <script>alert(1)</script> Prices | start at 12 pounds.',
      ],
    });
  });

  const request = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `${API}${url}`, headers: authHeaders(caller.access_token, caller.spaceId), ...(payload ? { payload } : {}) });

  it('answers with the answer only, keeping the passage Markdown and neutralising its HTML', async () => {
    const accepted = (await sendAsync(t.app, caller, 'strategy-review', { message: 'Which organic houseplants do we sell and in what pots?' })).json<AcceptedBody>();
    const reply = (await waitForReply(t.app, caller, accepted.session_id, accepted.created_at)).messages.find((m) => m.role === 'assistant')!;
    expect(reply.engine).toBe('offline/mosaic-offline-1');
    for (const setupWord of ['LLM_PROVIDER', 'API_KEY', 'restart', 'Offline engine']) expect(reply.content).not.toContain(setupWord);
    expect(reply.content.startsWith('### ')).toBe(true);
    // The document's bold and italics are Markdown the client renders, not escaped literal marks.
    expect(reply.content).toContain('**organic houseplants**');
    expect(reply.content).toContain('*recycled*');
    expect(reply.content).not.toContain('\\*\\*');
    // Its heading is a sentence, its HTML and table pipes stay text.
    expect(reply.content).toContain('Spring range. Our shop sells');
    expect(reply.content).not.toMatch(/(?<!\\)<script>/);
    expect(reply.content).toContain('Prices \\| start');
    // File names are text: the underscore does not start italics in the sources line.
    expect(reply.content).toContain('range\\_notes.md');
  });

  it('names a regeneration in the ledger by the question asked, without the reply Markdown', async () => {
    const question = 'Summarise our houseplant range';
    const accepted = (await sendAsync(t.app, caller, 'cmo', { message: question })).json<AcceptedBody>();
    const reply = (await waitForReply(t.app, caller, accepted.session_id, accepted.created_at)).messages.find((m) => m.role === 'assistant')!;
    expect((await request('POST', `/agents/messages/${reply.id}/regenerate`)).statusCode).toBe(200);
    const ledger = (await request('GET', '/billing/credits/transactions?feature=chat')).json<{ transactions: { activity: string | null }[] }>();
    const activities = ledger.transactions.map((row) => row.activity ?? '');
    expect(activities).toContain(`Regenerate: ${question}`);
    expect(activities.filter((activity) => /[*#]/.test(activity))).toEqual([]);
  });

  it('accepts the body GET returned as a PUT, ignoring its read-only fields', async () => {
    const read = await request('GET', '/agents/email/settings');
    expect(read.statusCode).toBe(200);
    const body = read.json<Record<string, unknown>>();
    const saved = await request('PUT', '/agents/email/settings', { ...body, default_mode: 'max' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ ...body, default_mode: 'max' });
    // The catalogue carries it, so a new chat with the agent starts in that mode.
    const agents = (await request('GET', '/agents')).json<{ slug: string; default_mode: string }[]>();
    expect(agents.find((agent) => agent.slug === 'email')?.default_mode).toBe('max');
    expect(agents.find((agent) => agent.slug === 'seo')?.default_mode).toBe('normal');
    // A read-only field sent with another value changes nothing.
    const ignored = await request('PUT', '/agents/email/settings', { ...body, engine: 'openai', available_providers: ['openai'] });
    expect(ignored.json()).toMatchObject({ engine: 'offline', available_providers: ['offline'] });
    // A field that is neither a setting nor one GET returns is still refused, by name.
    const unknown = await request('PUT', '/agents/email/settings', { ...body, colour: 'blue' });
    expect(unknown.statusCode).toBe(422);
    expect(JSON.stringify(unknown.json())).toContain('colour');
  });
});
