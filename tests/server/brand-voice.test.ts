import { describe, expect, it } from 'vitest';
import { API, addMember, authHeaders, registerOwner } from '../helpers/server';
import { sendAsync, waitForReply, type AcceptedBody } from '../helpers/fake-openai-chat';
import { appForSuite, preparedForSuite } from '../helpers/suite-fixtures';

const VOICE = 'Warm, plain and confident.\nWe say "bakers", never "users".\nShort sentences win.';

describe('the organisation brand voice', () => {
  const t = appForSuite();
  const owner = preparedForSuite(() => registerOwner(t.app));
  const member = preparedForSuite(() => addMember(t.app, t.database, owner, 'org_member'));
  const other = preparedForSuite(() => registerOwner(t.app));

  const get = (token: string, spaceId: string) =>
    t.app.inject({ method: 'GET', url: `${API}/settings/brand-voice`, headers: authHeaders(token, spaceId) });
  const put = (token: string, spaceId: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `${API}/settings/brand-voice`, headers: authHeaders(token, spaceId), payload });

  it('is empty until someone writes it', async () => {
    const response = await get(owner.access_token, owner.defaultSpace.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ content: '', updatedAt: null, createdBy: null });
  });

  it('is written by an owner and read by every member, with who and when', async () => {
    const saved = await put(owner.access_token, owner.defaultSpace.id, { content: `  ${VOICE}  ` });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ content: VOICE, createdBy: owner.user.id });
    expect(Date.parse(saved.json().updatedAt)).not.toBeNaN();

    const read = await get(member.access_token, owner.defaultSpace.id);
    expect(read.statusCode).toBe(200);
    expect(read.json().content).toBe(VOICE);
  });

  it('cannot be changed by an ordinary member, and nothing is lost', async () => {
    const refused = await put(member.access_token, owner.defaultSpace.id, { content: 'Shouty and full of jargon.' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('Only organisation owners and admins can change the brand voice');
    expect((await get(owner.access_token, owner.defaultSpace.id)).json().content).toBe(VOICE);
  });

  it('refuses bad input with field errors', async () => {
    const tooLong = await put(owner.access_token, owner.defaultSpace.id, { content: 'x'.repeat(20_001) });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.map((error: { field: string }) => error.field)).toContain('content');
    const wrongType = await put(owner.access_token, owner.defaultSpace.id, { content: 42 });
    expect(wrongType.statusCode).toBe(422);
  });

  it("stays inside its organisation: another organisation's space is not found", async () => {
    const response = await get(other.access_token, owner.defaultSpace.id);
    expect(response.statusCode).toBe(404);
    expect((await get(other.access_token, other.defaultSpace.id)).json().content).toBe('');
  });

  it('is followed by the agents when the message brings none of its own', async () => {
    const caller = { access_token: owner.access_token, spaceId: owner.defaultSpace.id };
    const send = await sendAsync(t.app, caller, 'brand-voice', { message: 'Write a tagline for the spring bake-off' });
    expect(send.statusCode).toBe(202);
    const accepted = send.json<AcceptedBody>();
    const reply = await waitForReply(t.app, caller, accepted.session_id, accepted.created_at);
    const answer = reply.messages.find((message) => message.role === 'assistant')!.content;
    expect(answer).toContain('We say "bakers", never "users".');
    expect(answer).not.toContain('No brand voice is set');
  });
});
