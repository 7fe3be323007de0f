/** Agent settings and document access (spec 001 §7), and that the runner honours them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_DOCUMENTS_PAGE_MAX } from '../../src/contract/agents';
import { API, addMember, authHeaders, createTestApp, registerOwner, type RegisteredOwner, type SignedIn, type TestApp } from '../helpers/server';
import { seedDocument, sendAsync, waitForReply, type AcceptedBody, type Caller } from '../helpers/fake-openai-chat';

interface DocumentBody {
  id: string;
  filename: string;
  is_enabled: boolean;
  category: string | null;
}

describe('agent documents and settings', () => {
  let t: TestApp;
  let owner: RegisteredOwner;
  let member: SignedIn;
  let caller: Caller;
  let pricingDoc: string;
  let personasDoc: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerOwner(t.app);
    member = await addMember(t.app, t.database, owner);
    caller = { access_token: owner.access_token, spaceId: owner.defaultSpace.id };
    pricingDoc = await seedDocument(t.database, {
      spaceId: caller.spaceId,
      filename: 'pricing-notes.txt',
      category: 'sales',
      passages: ['Pricing for the bakery plan starts at 29 euros per month with a free workshop included.'],
    });
    personasDoc = await seedDocument(t.database, {
      spaceId: caller.spaceId,
      filename: 'personas.docx',
      category: 'audience',
      passages: ['Our bakery persona Ana opens at six, checks Instagram at noon and hates long forms.'],
    });
    for (let index = 0; index < 12; index += 1) {
      await seedDocument(t.database, { spaceId: caller.spaceId, filename: `report-${String(index).padStart(2, '0')}.csv`, passages: ['Monthly report row'] });
    }
  });
  afterAll(() => t.close());

  const request = (method: 'GET' | 'PUT', url: string, payload?: object, who: { access_token: string } = owner) =>
    t.app.inject({ method, url: `${API}${url}`, headers: authHeaders(who.access_token, caller.spaceId), ...(payload ? { payload } : {}) });

  it('lists every document as enabled until switched off', async () => {
    const response = await request('GET', '/agents/seo/documents');
    expect(response.statusCode).toBe(200);
    const documents = response.json<{ documents: DocumentBody[] }>().documents;
    expect(documents).toHaveLength(14);
    expect(documents.every((d) => d.is_enabled)).toBe(true);
    expect(documents.find((d) => d.id === pricingDoc)).toMatchObject({ filename: 'pricing-notes.txt', category: 'sales' });
  });

  it('answers a page at a time by name: the next page after the cursor, the last with none; a page over the maximum is refused', async () => {
    const whole = (await request('GET', '/agents/seo/documents')).json<{ documents: DocumentBody[]; next_cursor: string | null }>();
    expect(whole.next_cursor).toBeNull();
    const pages: DocumentBody[][] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=5&cursor=${encodeURIComponent(cursor)}` : '?limit=5';
      const page = (await request('GET', `/agents/seo/documents${query}`)).json<{ documents: DocumentBody[]; next_cursor: string | null }>();
      pages.push(page.documents);
      cursor = page.next_cursor;
    } while (cursor);
    expect(pages.map((page) => page.length)).toEqual([5, 5, 4]);
    expect(pages.flat()).toEqual(whole.documents);
    const tooMany = await request('GET', `/agents/seo/documents?limit=${AGENT_DOCUMENTS_PAGE_MAX + 1}`);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('switches one document off for one agent only, and the runner stops using it', async () => {
    const toggled = await request('PUT', `/agents/cmo/documents/${pricingDoc}`, { is_enabled: false });
    expect(toggled.statusCode).toBe(200);
    expect(toggled.json()).toMatchObject({ id: pricingDoc, is_enabled: false });
    const enabled = (await request('GET', '/agents/cmo/documents?enabled_only=true')).json<{ documents: DocumentBody[] }>().documents;
    expect(enabled.map((d) => d.id)).not.toContain(pricingDoc);
    expect((await request('GET', '/agents/seo/documents?enabled_only=true')).json<{ documents: DocumentBody[] }>().documents.map((d) => d.id)).toContain(pricingDoc);

    const accepted = (await sendAsync(t.app, caller, 'cmo', { message: 'What is the pricing for the bakery plan?' })).json<AcceptedBody>();
    const reply = (await waitForReply(t.app, caller, accepted.session_id, accepted.created_at)).messages.find((m) => m.role === 'assistant')!;
    expect(reply.content).not.toContain('29 euros');
    const seo = (await sendAsync(t.app, caller, 'seo', { message: 'What is the pricing for the bakery plan?' })).json<AcceptedBody>();
    const seoReply = (await waitForReply(t.app, caller, seo.session_id, seo.created_at)).messages.find((m) => m.role === 'assistant')!;
    expect(seoReply.content).toContain('29 euros');
  });

  it('switches several documents at once', async () => {
    const response = await request('PUT', '/agents/email/documents', { document_ids: [pricingDoc, personasDoc], is_enabled: false });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ updated: 2 });
    const enabled = (await request('GET', '/agents/email/documents?enabled_only=true')).json<{ documents: DocumentBody[] }>().documents;
    expect(enabled).toHaveLength(12);
    await request('PUT', '/agents/email/documents', { document_ids: [pricingDoc], is_enabled: true });
    expect((await request('GET', '/agents/email/documents?enabled_only=true')).json<{ documents: DocumentBody[] }>().documents).toHaveLength(13);
  });

  it('searches documents by name or category with a default limit of 10', async () => {
    const reports = (await request('GET', '/agents/seo/documents/search?query=report')).json<DocumentBody[]>();
    expect(reports).toHaveLength(10);
    expect((await request('GET', '/agents/seo/documents/search?query=report&limit=20')).json<DocumentBody[]>()).toHaveLength(12);
    expect((await request('GET', '/agents/seo/documents/search?query=audience')).json<DocumentBody[]>().map((d) => d.id)).toEqual([personasDoc]);
    expect((await request('GET', '/agents/seo/documents/search?query=%25')).json<DocumentBody[]>()).toEqual([]);
  });

  it('refuses unknown documents, other spaces’ documents and members changing access', async () => {
    const unknown = await request('PUT', '/agents/seo/documents/00000000-0000-4000-8000-000000000000', { is_enabled: false });
    expect(unknown.statusCode).toBe(404);
    const outsider = await registerOwner(t.app);
    const foreign = await seedDocument(t.database, { spaceId: outsider.defaultSpace.id, filename: 'foreign.txt', passages: ['Other org'] });
    expect((await request('PUT', `/agents/seo/documents/${foreign}`, { is_enabled: false })).statusCode).toBe(404);
    const byMember = await request('PUT', `/agents/seo/documents/${pricingDoc}`, { is_enabled: false }, member);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json()).toMatchObject({ detail: 'Only organisation owners and admins can change agent settings' });
    expect((await request('GET', '/agents/seo/documents', undefined, member)).statusCode).toBe(200);
  });

  it('reads and changes settings; an unconfigured provider is refused', async () => {
    const initial = await request('GET', '/agents/seo/settings');
    expect(initial.json()).toMatchObject({ agent_slug: 'seo', provider: null, default_mode: 'normal', engine: 'offline', available_providers: ['offline'] });
    const changed = await request('PUT', '/agents/seo/settings', { default_mode: 'medium', custom_instructions: 'Always answer in British English.' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ default_mode: 'medium', custom_instructions: 'Always answer in British English.' });
    expect((await request('GET', '/agents/seo/settings')).json()).toMatchObject({ default_mode: 'medium' });
    // The default mode decides the charge when the message names none.
    const accepted = (await sendAsync(t.app, caller, 'seo', { message: 'Keywords' })).json<AcceptedBody>();
    expect(accepted.credits_charged).toBe(30);

    const openai = await request('PUT', '/agents/seo/settings', { provider: 'openai' });
    expect(openai.statusCode).toBe(422);
    expect(openai.json()).toMatchObject({ detail: 'The openai provider is not configured on this server. Set its key in the environment first.' });
    expect((await request('PUT', '/agents/seo/settings', { temperature: 9 })).statusCode).toBe(422);
    expect((await request('PUT', '/agents/seo/settings', { default_mode: 'normal' }, member)).statusCode).toBe(403);
  });

  it('takes back the body GET answered, its read-only fields ignored, and names any other unknown field', async () => {
    const read = (await request('GET', '/agents/email/settings')).json<Record<string, unknown>>();
    expect(read).toMatchObject({ agent_slug: 'email', engine: 'offline', available_providers: ['offline'] });
    const saved = await request('PUT', '/agents/email/settings', { ...read, default_mode: 'max', engine: 'openai', engine_model: 'made-up' });
    expect(saved.statusCode).toBe(200);
    // What the server says about itself is not changed by a client sending it back.
    expect(saved.json()).toMatchObject({ agent_slug: 'email', default_mode: 'max', engine: 'offline', provider: null });
    const unknown = await request('PUT', '/agents/email/settings', { ...read, colour: 'teal' });
    expect(unknown.statusCode).toBe(422);
    expect(JSON.stringify(unknown.json())).toContain('colour');
  });
});
