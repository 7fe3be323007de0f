import { beforeAll, describe, expect, it } from 'vitest';
import type { Onboarding } from '../../src/contract/onboarding';
import type { Space } from '../../src/contract/spaces';
import { API, authHeaders, login, registerOwner, testEngine, type SignedIn } from '../helpers/server';
import { sendAsync, waitForReply, type AcceptedBody } from '../helpers/fake-openai-chat';
import { startedForSuite, preparedForSuite } from '../helpers/suite-fixtures';
import { connectDemo, accountsOf, ga4Call } from './ga4-helpers';
import { createKbTestApp, uploadFile, waitForProcessed } from './kb-helpers';
import { MIME } from './kb-fixtures';
import { addPerson, newOrganisation } from './org-helpers';

const NOTHING_DONE = { brand_voice: false, knowledge: false, analytics: false, team: false, chat: false };

describe(`the first-run checklist (${testEngine})`, () => {
  const t = startedForSuite(() => createKbTestApp());
  const owner = preparedForSuite(() => newOrganisation(t, 'Crumb & Co'));
  let secondSpace: Space;

  beforeAll(async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: `${API}/spaces/`,
      headers: authHeaders(owner.access_token),
      payload: { name: 'Second brand', slug: 'second-brand' },
    });
    secondSpace = created.json<Space>();
  });

  const checklist = async (who: SignedIn, spaceId: string): Promise<Onboarding> => {
    const response = await t.app.inject({ method: 'GET', url: `${API}/onboarding`, headers: authHeaders(who.access_token, spaceId) });
    expect(response.statusCode).toBe(200);
    return response.json<Onboarding>();
  };
  const dismiss = (who: SignedIn, spaceId: string, payload: unknown) =>
    t.app.inject({ method: 'PUT', url: `${API}/onboarding/dismissal`, headers: authHeaders(who.access_token, spaceId), payload: payload as object });
  const home = () => owner.defaultSpace.id;

  it('starts with nothing done, not closed, naming the organisation', async () => {
    expect(await checklist(owner, home())).toEqual({ steps: NOTHING_DONE, dismissed: false, organisation_name: 'Crumb & Co' });
  });

  it('ticks the brand voice once it has text, for every space of the organisation', async () => {
    const blank = await t.app.inject({ method: 'PUT', url: `${API}/settings/brand-voice`, headers: authHeaders(owner.access_token, home()), payload: { content: '   ' } });
    expect(blank.statusCode).toBe(200);
    expect((await checklist(owner, home())).steps.brand_voice).toBe(false);

    await t.app.inject({ method: 'PUT', url: `${API}/settings/brand-voice`, headers: authHeaders(owner.access_token, home()), payload: { content: 'Warm and plain.' } });
    expect((await checklist(owner, home())).steps.brand_voice).toBe(true);
    expect((await checklist(owner, secondSpace.id)).steps.brand_voice).toBe(true);
  });

  it('ticks knowledge once a document of this space is ready, not for another space', async () => {
    const caller = { token: owner.access_token, spaceId: home() };
    const upload = await uploadFile(t.app, caller, { filename: 'voice.txt', contentType: MIME.txt, bytes: Buffer.from('We bake bread for bakers.\n\nShort sentences.') });
    expect(upload.commit.statusCode).toBe(201);
    expect((await waitForProcessed(t.app, caller, upload.commit.json<{ id: string }>().id)).status).toBe('ready');

    expect((await checklist(owner, home())).steps.knowledge).toBe(true);
    expect((await checklist(owner, secondSpace.id)).steps.knowledge).toBe(false);
  });

  it('ticks analytics when a property is linked to this space, not when only an account is connected', async () => {
    await connectDemo(t, owner, secondSpace.id);
    expect((await checklist(owner, secondSpace.id)).steps.analytics).toBe(false);

    const [account] = await accountsOf(t, owner, secondSpace.id);
    const linked = await ga4Call(t, owner, secondSpace.id, 'POST', '/link', {
      google_oauth_account_id: account!.id,
      ga4_property_id: '900000001',
      ga4_property_display_name: 'Demo Store',
    });
    expect(linked.statusCode).toBe(201);
    expect((await checklist(owner, secondSpace.id)).steps.analytics).toBe(true);
    expect((await checklist(owner, home())).steps.analytics).toBe(false);
  });

  it('ticks the team with an invitation waiting, and unticks it when the invitation is revoked', async () => {
    const sent = await t.app.inject({ method: 'POST', url: `${API}/orgs/invites`, headers: authHeaders(owner.access_token), payload: { email: 'baker@example.org', role: 'org_member' } });
    expect(sent.statusCode).toBe(201);
    expect((await checklist(owner, home())).steps.team).toBe(true);

    const revoked = await t.app.inject({ method: 'DELETE', url: `${API}/orgs/invites/${sent.json<{ id: string }>().id}`, headers: authHeaders(owner.access_token) });
    expect(revoked.statusCode).toBe(204);
    expect((await checklist(owner, home())).steps.team).toBe(false);
  });

  it('ticks the team once a second person has joined', async () => {
    const other = await newOrganisation(t, 'Two of us');
    expect((await checklist(other, other.defaultSpace.id)).steps.team).toBe(false);
    await addPerson(t, other, 'Bea Baker');
    expect((await checklist(other, other.defaultSpace.id)).steps.team).toBe(true);
  });

  it('ticks the chat once this space has one', async () => {
    const caller = { access_token: owner.access_token, spaceId: home() };
    const send = await sendAsync(t.app, caller, 'brand-voice', { message: 'A tagline for the spring bake-off' });
    expect(send.statusCode).toBe(202);
    const accepted = send.json<AcceptedBody>();
    await waitForReply(t.app, caller, accepted.session_id, accepted.created_at);

    expect((await checklist(owner, home())).steps).toEqual({ brand_voice: true, knowledge: true, analytics: false, team: false, chat: true });
    expect((await checklist(owner, secondSpace.id)).steps.chat).toBe(false);
  });

  it('stays closed for the person on every device and every space, and only for them', async () => {
    const teammate = await addPerson(t, owner, 'Cal Colleague', 'org_admin');
    const closed = await dismiss(owner, home(), { dismissed: true });
    expect(closed.statusCode).toBe(200);
    expect(closed.json<Onboarding>().dismissed).toBe(true);

    // Another sign-in (another device) of the same person.
    const elsewhere = await login(t.app, owner.email);
    expect((await checklist(elsewhere, home())).dismissed).toBe(true);
    expect((await checklist(elsewhere, secondSpace.id)).dismissed).toBe(true);
    expect((await checklist(teammate, home())).dismissed).toBe(false);

    const reopened = await dismiss(elsewhere, home(), { dismissed: false });
    expect(reopened.json<Onboarding>().dismissed).toBe(false);
    expect((await checklist(owner, home())).dismissed).toBe(false);
  });

  it('is read by members too, and refuses a bad body without changing anything', async () => {
    const member = await addPerson(t, owner, 'Mo Member');
    expect((await checklist(member, home())).organisation_name).toBe('Crumb & Co');

    const wrong = await dismiss(member, home(), { dismissed: 'yes' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.map((error: { field: string }) => error.field)).toContain('dismissed');
    expect((await checklist(member, home())).dismissed).toBe(false);
  });

  it("needs a session and a space of the caller's own organisation", async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: `${API}/onboarding`, headers: { 'x-space-id': home() } });
    expect(anonymous.statusCode).toBe(401);
    const stranger = await registerOwner(t.app, { org_name: 'Elsewhere Ltd' });
    const foreign = await t.app.inject({ method: 'GET', url: `${API}/onboarding`, headers: authHeaders(stranger.access_token, home()) });
    expect(foreign.statusCode).toBe(404);
    const foreignDismissal = await dismiss(stranger, home(), { dismissed: true });
    expect(foreignDismissal.statusCode).toBe(404);
    expect((await checklist(stranger, stranger.defaultSpace.id)).steps).toEqual(NOTHING_DONE);
  });
});
