import { describe, expect, it } from 'vitest';
import { API_GET_CACHE_RULES, apiCacheRuleFor, compileApiCacheRules, isCacheableApiGet, normaliseRoutePath } from '../../src/contract/paths';
import { routeFor, type RequestFacts } from '../../sw/routing-table';
import { APP_ORIGIN } from './worker-env';

const api = (path: string, method = 'GET'): RequestFacts => ({ method, url: `${APP_ORIGIN}/api/v1${path}`, mode: 'cors' });
const page = (path: string): RequestFacts => ({ method: 'GET', url: `${APP_ORIGIN}${path}`, mode: 'navigate' });

describe('service worker routing table', () => {
  it.each([
    '/me',
    '/spaces/',
    '/kb/documents',
    '/kb/documents?category=brand',
    '/agents/sessions?slug=seo',
    '/agents/sessions/s1/messages',
    '/billing/credits',
    '/billing/credits/transactions?limit=20',
    '/billing/plan',
    '/agents/seo/settings',
    '/kb/documents/d1/status',
    '/integrations/ga4/linked-properties',
    '/orgs/members',
  ])('keeps the last answer of GET %s for offline reloads', (path) => {
    expect(routeFor(api(path), APP_ORIGIN)).toBe('api-network-first');
  });

  it.each([
    '/login',
    '/register',
    '/register/check-domain?email=a@b.c',
    '/register/with-domain',
    '/refresh',
    '/logout',
    '/health',
    '/agents/sessions/s1/poll?since=2024-01-01T00:00:00Z',
    '/agents/sessions/s1/stream',
    '/kb/uploads/sign?filename=a.pdf',
    '/kb/uploads/local/abc?sig=x',
    '/integrations/ga4/oauth/start',
    '/integrations/ga4/oauth/callback?code=x&state=y',
    '/kb/search?query=brand',
    '/agents/seo/documents/search?query=x',
    '/openapi.json',
  ])('never stores GET %s (auth, long poll, reply stream, searches, signed or one-time addresses)', (path) => {
    expect(routeFor(api(path), APP_ORIGIN)).toBe('network-only');
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('never answers a %s from a cache', (method) => {
    expect(routeFor(api('/kb/documents', method), APP_ORIGIN)).toBe('network-only');
    expect(routeFor({ ...page('/dashboard'), method }, APP_ORIGIN)).toBe('network-only');
  });

  it('answers page navigations with the app shell, so every route opens offline', () => {
    for (const path of ['/', '/dashboard', '/agents/seo/chat/abc', '/settings?tab=notifications']) {
      expect(routeFor(page(path), APP_ORIGIN)).toBe('app-shell');
    }
  });

  it('sends a shared chat’s page to the server (a dead link is its 404), and never stores its read', () => {
    expect(routeFor(page('/share/k2Z9vYH0s3e6Qm1fWcXl8TqUo4pRb7AaNjKdEgViLzM'), APP_ORIGIN)).toBe('network-only');
    expect(routeFor(api('/public/shares/k2Z9vYH0s3e6Qm1fWcXl8TqUo4pRb7AaNjKdEgViLzM'), APP_ORIGIN)).toBe('network-only');
    expect(routeFor(api('/kb/documents/d1/text?around=3'), APP_ORIGIN)).toBe('network-only');
  });

  it('never answers an /api/ navigation with the app shell', () => {
    expect(routeFor(page('/api/v1/docs'), APP_ORIGIN)).toBe('network-only');
    expect(routeFor(page('/api'), APP_ORIGIN)).toBe('network-only');
  });

  it('leaves other origins alone, whatever their Cache-Control says', () => {
    expect(routeFor({ method: 'GET', url: 'https://cdn.example.com/api/v1/kb/documents', mode: 'cors' }, APP_ORIGIN)).toBe(
      'network-only',
    );
    expect(routeFor({ method: 'GET', url: 'https://accounts.google.com/o/oauth2', mode: 'navigate' }, APP_ORIGIN)).toBe(
      'network-only',
    );
  });

  it('does not mistake look-alike paths for the API', () => {
    expect(routeFor({ method: 'GET', url: `${APP_ORIGIN}/api/v10/kb/documents`, mode: 'cors' }, APP_ORIGIN)).toBe(
      'network-only',
    );
    expect(routeFor({ method: 'GET', url: `${APP_ORIGIN}/assets/index-abc.js`, mode: 'cors' }, APP_ORIGIN)).toBe(
      'network-only',
    );
  });
});

describe('API cache rules: an allowlist', () => {
  it.each(['/a-new-endpoint', '/billing/invoices', '/orgs/members/m1/secret', '/kb/documents/d1/download', '/'])(
    'never stores GET %s, which no rule declares cacheable',
    (path) => {
      expect(isCacheableApiGet(path)).toBe(false);
      expect(routeFor(api(path), APP_ORIGIN)).toBe('network-only');
    },
  );

  it('matches parameter segments one segment at a time', () => {
    expect(apiCacheRuleFor('/agents/sessions/s1/messages')?.path).toBe('/agents/sessions/:id/messages');
    expect(apiCacheRuleFor('/agents/sessions/s1/messages/extra')).toBeUndefined();
    expect(apiCacheRuleFor('/agents/sessions//messages')).toBeUndefined();
    expect(apiCacheRuleFor('/spaces/')?.path).toBe('/spaces');
  });

  it('lets a never rule win over a cacheable one that also matches', () => {
    const ruleFor = compileApiCacheRules([
      { path: '/agents/:slug', decision: 'network-first', reason: 'an agent' },
      { path: '/agents/sessions', decision: 'never', reason: 'a literal segment the parameter also matches' },
    ]);
    expect(ruleFor('/agents/seo')?.decision).toBe('network-first');
    expect(ruleFor('/agents/sessions')?.decision).toBe('never');
  });

  it('gives every rule a reason and names each path once', () => {
    const paths = API_GET_CACHE_RULES.map((rule) => normaliseRoutePath(rule.path));
    expect(new Set(paths).size).toBe(paths.length);
    for (const rule of API_GET_CACHE_RULES) expect(rule.reason.trim().length, rule.path).toBeGreaterThan(10);
  });
});
