/**
 * Prompt templates (docs/agents.md "Prompt templates"): the organisation's library, changed by
 * owners and admins; each person's own templates, seen and changed by them alone; variables read
 * from the body; validation with field errors; nothing crosses organisations.
 */
import { describe, expect, it } from 'vitest';
import type { PromptTemplateDto } from '../../src/contract/prompt-templates';
import { API, addMember, authHeaders, registerOwner } from '../helpers/server';
import { appForSuite, preparedForSuite } from '../helpers/suite-fixtures';

describe('prompt templates', () => {
  const t = appForSuite();
  const owner = preparedForSuite(() => registerOwner(t.app));
  const admin = preparedForSuite(() => addMember(t.app, t.database, owner, 'org_admin'));
  const member = preparedForSuite(() => addMember(t.app, t.database, owner));
  const colleague = preparedForSuite(() => addMember(t.app, t.database, owner));
  const rival = preparedForSuite(() => registerOwner(t.app, { org_name: 'Rival' }));

  const call = (who: { access_token: string }, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `${API}${url}`, headers: authHeaders(who.access_token, owner.defaultSpace.id), ...(payload ? { payload } : {}) });
  const list = async (who: { access_token: string }) => (await call(who, 'GET', '/prompt-templates')).json<{ templates: PromptTemplateDto[] }>().templates;

  it('owners add organisation templates with variables, which every member sees but cannot change', async () => {
    const created = await call(owner, 'POST', '/prompt-templates', {
      scope: 'org',
      title: 'Launch email',
      body: 'Write a launch email for {{product}} aimed at {{ audience }}. Mention {{product}} twice.',
      agent_slugs: ['email', 'creative'],
    });
    expect(created.statusCode).toBe(201);
    const template = created.json<PromptTemplateDto>();
    expect(template).toMatchObject({ scope: 'org', variables: ['product', 'audience'], agent_slugs: ['email', 'creative'], editable: true });

    const seen = (await list(member)).find((entry) => entry.id === template.id)!;
    expect(seen).toMatchObject({ title: 'Launch email', editable: false });
    const refused = await call(member, 'PATCH', `/prompt-templates/${template.id}`, { title: 'Mine now' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe("Only organisation owners and admins can add or change the organisation's templates. Save it under My templates instead.");
    expect((await call(member, 'DELETE', `/prompt-templates/${template.id}`)).statusCode).toBe(403);
    expect((await call(member, 'POST', '/prompt-templates', { scope: 'org', title: 'X', body: 'Y' })).statusCode).toBe(403);

    const changed = await call(admin, 'PATCH', `/prompt-templates/${template.id}`, { body: 'Launch {{product}} for {{region}}.', agent_slugs: [] });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<PromptTemplateDto>()).toMatchObject({ variables: ['product', 'region'], agent_slugs: [] });
    expect(Date.parse(changed.json<PromptTemplateDto>().updated_at)).toBeGreaterThanOrEqual(Date.parse(template.updated_at));
  });

  it('members keep their own templates, which nobody else sees or changes', async () => {
    const created = await call(member, 'POST', '/prompt-templates', { scope: 'personal', title: 'My weekly recap', body: 'Summarise this week for {{team}}.' });
    expect(created.statusCode).toBe(201);
    const mine = created.json<PromptTemplateDto>();
    expect(mine).toMatchObject({ scope: 'personal', editable: true, agent_slugs: [] });

    expect((await list(colleague)).some((entry) => entry.id === mine.id)).toBe(false);
    // Not even owners see another person's own templates: personal means personal.
    expect((await list(owner)).some((entry) => entry.id === mine.id)).toBe(false);
    expect((await call(colleague, 'PATCH', `/prompt-templates/${mine.id}`, { title: 'Taken' })).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `/prompt-templates/${mine.id}`)).statusCode).toBe(404);

    expect((await call(member, 'PATCH', `/prompt-templates/${mine.id}`, { title: 'Weekly recap' })).json<PromptTemplateDto>().title).toBe('Weekly recap');
    expect((await call(member, 'DELETE', `/prompt-templates/${mine.id}`)).statusCode).toBe(204);
    expect((await list(member)).some((entry) => entry.id === mine.id)).toBe(false);
  });

  it('lists the organisation’s templates first, then the caller’s own, each by title', async () => {
    await call(owner, 'POST', '/prompt-templates', { scope: 'org', title: 'a brief', body: 'Brief.' });
    await call(colleague, 'POST', '/prompt-templates', { scope: 'personal', title: 'Zebra ideas', body: 'Ideas.' });
    await call(colleague, 'POST', '/prompt-templates', { scope: 'personal', title: 'Apple ideas', body: 'Ideas.' });
    const templates = await list(colleague);
    const scopes = templates.map((entry) => entry.scope);
    expect(scopes.indexOf('personal')).toBeGreaterThan(scopes.lastIndexOf('org'));
    const own = templates.filter((entry) => entry.scope === 'personal').map((entry) => entry.title);
    expect(own).toEqual(['Apple ideas', 'Zebra ideas']);
  });

  it('refuses bad input with field errors and keeps organisations apart', async () => {
    const blank = await call(owner, 'POST', '/prompt-templates', { scope: 'org', title: '  ', body: 'Text' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual([expect.objectContaining({ field: 'title', message: 'Give the template a title.' })]);
    const unknownAgent = await call(owner, 'POST', '/prompt-templates', { scope: 'org', title: 'T', body: 'B', agent_slugs: ['astrology'] });
    expect(unknownAgent.statusCode).toBe(422);
    expect(unknownAgent.json().errors).toEqual([{ field: 'agent_slugs', message: 'Unknown agent: astrology' }]);
    const manyVariables = Array.from({ length: 13 }, (_, index) => `{{v${index}}}`).join(' ');
    expect((await call(owner, 'POST', '/prompt-templates', { scope: 'org', title: 'T', body: manyVariables })).statusCode).toBe(422);

    const ours = (await list(owner))[0]!;
    expect(await list(rival)).toEqual([]);
    expect((await t.app.inject({ method: 'PATCH', url: `${API}/prompt-templates/${ours.id}`, headers: authHeaders(rival.access_token), payload: { title: 'x' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${API}/prompt-templates` })).statusCode).toBe(401);
  });
});
