import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../src/app/routes';
import { matchRoutesOnce } from '../../../src/app/route-matches';

const idsOf = (matches: ReturnType<typeof matchRoutes>) => matches?.map((match) => `${match.route.path ?? '(layout)'}:${JSON.stringify(match.params)}`) ?? null;

describe('matchRoutesOnce', () => {
  it("matches the app's route table exactly as react-router does", () => {
    for (const path of ['/login', '/dashboard', '/agents/seo/chat/abc', '/knowledge-base', '/no-such-page', '/']) {
      expect(idsOf(matchRoutesOnce(routes, path))).toEqual(idsOf(matchRoutes(routes, path)));
    }
  });

  it('answers a path it has matched with the same matches, without matching again', () => {
    const first = matchRoutesOnce(routes, '/credits');
    expect(first).not.toBeNull();
    expect(matchRoutesOnce(routes, '/credits')).toBe(first);
  });

  it('keeps the answers of two route tables apart', () => {
    const other: RouteObject[] = [{ path: '/credits', element: null, handle: { name: 'Other' } }];
    expect(matchRoutesOnce(other, '/credits')?.[0]?.route.handle).toEqual({ name: 'Other' });
    expect(matchRoutesOnce(routes, '/credits')?.at(-1)?.route).not.toBe(other[0]);
  });

  it('still answers correctly once it has forgotten older paths', () => {
    const table: RouteObject[] = [{ path: '/items/:id', element: null }];
    for (let index = 0; index < 40; index += 1) {
      expect(matchRoutesOnce(table, `/items/${index}`)?.[0]?.params).toEqual({ id: String(index) });
    }
    expect(matchRoutesOnce(table, '/items/0')?.[0]?.params).toEqual({ id: '0' });
    expect(matchRoutesOnce(table, '/elsewhere')).toBeNull();
  });
});
