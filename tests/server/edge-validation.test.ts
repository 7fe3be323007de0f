import { describe, expect, it } from 'vitest';
import {
  API,
  TEST_PASSWORD,
  authHeaders,
  registerOwner,
  uniqueEmail,
} from '../helpers/server';
import { appForSuite, preparedForSuite } from '../helpers/suite-fixtures';

const NUL = 'Must not contain NUL characters (\\u0000)';
const SURROGATE = 'Must be valid Unicode text (it contains an unpaired UTF-16 surrogate)';

/** JSON text with a raw escape the way an attacker sends it (JSON.stringify would keep it too). */
const jsonWith = (template: Record<string, unknown>, field: string, escaped: string) =>
  JSON.stringify(template).replace(`"${field}":"X"`, `"${field}":"a${escaped}b"`);

describe('text the database cannot store is refused at the edge with 422', () => {
  const t = appForSuite({ captureLogs: true });
  const owner = preparedForSuite(() => registerOwner(t.app));

  const send = (method: 'POST' | 'PUT', url: string, body: string, spaceScoped = true) =>
    t.app.inject({
      method,
      url: `${API}${url}`,
      payload: body,
      headers: {
        'content-type': 'application/json',
        ...(spaceScoped ? authHeaders(owner.access_token, owner.defaultSpace.id) : {}),
      },
    });

  const bodies: Array<[string, 'POST' | 'PUT', string, Record<string, unknown>, string, boolean]> = [
    ['a space name', 'POST', '/spaces/', { name: 'X', slug: 'edge' }, 'name', true],
    ['a registration field', 'POST', '/register', { email: uniqueEmail(), password: TEST_PASSWORD, name: 'X', org_name: 'Org' }, 'name', false],
    ['the brand voice', 'PUT', '/settings/brand-voice', { content: 'X' }, 'content', true],
    ['a chat message', 'POST', '/agents/creative/messages', { message: 'X' }, 'message', true],
    ['a deduct description', 'POST', '/billing/credits/deduct', { amount: 1, description: 'X' }, 'description', true],
  ];

  describe.each([
    ['NUL', '\\u0000', NUL],
    ['a lone high surrogate', '\\ud800', SURROGATE],
    ['a lone low surrogate', '\\udc00', SURROGATE],
  ])('%s', (_label, escaped, message) => {
    it.each(bodies)(`in %s → 422 naming the field`, async (_what, method, url, template, field, spaceScoped) => {
      const response = await send(method, url, jsonWith(template, field, escaped), spaceScoped);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ detail: 'Validation error', code: 'VALIDATION_ERROR', errors: [{ field, message }] });
    });
  });

  it('in a knowledge-base search (query string) → 422 naming the parameter', async () => {
    // A URL cannot carry a lone surrogate (its UTF-8 form does not decode and stays as sent), so
    // NUL is the case to check here.
    const response = await t.app.inject({
      method: 'GET',
      url: `${API}/kb/search?query=a%00b`,
      headers: authHeaders(owner.access_token, owner.defaultSpace.id),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ detail: 'Validation error', code: 'VALIDATION_ERROR', errors: [{ field: 'query', message: NUL }] });
  });

  it('names nested fields the way schema errors do (items.0.name) and bad keys too', async () => {
    const body = '{"amount":1,"related_to":{"type":"document","id":"a\\u0000"},"list":[{"name":"ok"},{"name":"\\ud83d"}],"k\\u0000ey":1}';
    const response = await send('POST', '/billing/credits/deduct', body);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([
      { field: 'related_to.id', message: NUL },
      { field: 'list.1.name', message: SURROGATE },
      { field: 'k\ufffdey', message: NUL },
    ]);
  });

  it('checks route parameters', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${API}/agents/crea%00tive/messages`,
      payload: { message: 'hello' },
      headers: authHeaders(owner.access_token, owner.defaultSpace.id),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([{ field: 'slug', message: NUL }]);
  });

  it('keeps well-formed text, emoji (surrogate pairs) included', async () => {
    const response = await send('PUT', '/settings/brand-voice', JSON.stringify({ content: 'Warm and direct 👋 — «always»' }));
    expect(response.statusCode).toBe(200);
    expect(response.json().content).toBe('Warm and direct 👋 — «always»');
  });

  it('changed nothing and logged no error for any refused input', async () => {
    const spaces = await t.app.inject({ method: 'GET', url: `${API}/spaces/`, headers: authHeaders(owner.access_token) });
    expect(spaces.json<{ data: Array<{ slug: string }> }>().data.map((space) => space.slug)).not.toContain('edge');
    const errors = t.logs.map((line) => JSON.parse(line) as { level: number }).filter((line) => line.level >= 50);
    expect(errors).toEqual([]);
  });
});
