import { describe, expect, it } from 'vitest';
import type { NavigationContext } from '../../../src/app/guard';
import { decideNavigation } from '../../../src/app/guard';
import { safeRedirectTarget } from '../../../src/navigation/redirects';
import type { AuthStatus, Role } from '../../../src/contract/auth';

const READY_SPACES = { initialized: true, currentSpaceId: 's1', count: 2 };
const NO_SPACES = { initialized: true, currentSpaceId: null, count: 0 };
const SPACES_NOT_LOADED = { initialized: false, currentSpaceId: null, count: 0 };

function ctx(
  path: string,
  opts: { search?: string; status?: AuthStatus; role?: Role | null; spaces?: NavigationContext['spaces'] } = {},
): NavigationContext {
  const role = opts.role === undefined ? 'org_member' : opts.role;
  const status = opts.status ?? (role ? 'AUTHENTICATED' : 'UNAUTHENTICATED');
  return {
    path,
    search: opts.search ?? '',
    auth: { status, user: role ? { role } : null },
    spaces: opts.spaces ?? READY_SPACES,
  };
}

const to = (redirect: string) => ({ redirect });

describe('decideNavigation', () => {
  it('decides nothing until auth has been initialised', () => {
    expect(decideNavigation(ctx('/dashboard', { status: 'INITIALIZING', role: null }))).toBeNull();
    expect(decideNavigation(ctx('/admin/users', { status: 'INITIALIZING', role: null }))).toBeNull();
  });

  describe('unauthenticated users', () => {
    it.each([
      ['/dashboard', '', '/login?redirect=%2Fdashboard'],
      ['/agents/seo/chat/42', '', '/login?redirect=%2Fagents%2Fseo%2Fchat%2F42'],
      ['/settings', '', '/login?redirect=%2Fsettings'],
      ['/admin/users', '', '/login?redirect=%2Fadmin%2Fusers'],
      ['/org-admin/users', '', '/login?redirect=%2Forg-admin%2Fusers'],
      ['/credits', '?tab=usage', '/login?redirect=%2Fcredits%3Ftab%3Dusage'],
    ])('on %s%s go to Login keeping the original path', (path, search, expected) => {
      expect(decideNavigation(ctx(path, { search, role: null }))).toEqual(to(expected));
    });

    it.each(['/login', '/register', '/pricing', '/no-such-page'])('may open %s', (path) => {
      expect(decideNavigation(ctx(path, { role: null }))).toBeNull();
    });

    it('are sent from / to Login', () => {
      expect(decideNavigation(ctx('/', { role: null }))).toEqual(to('/login'));
    });
  });

  describe('while a refresh or logout is in progress', () => {
    it.each(['REFRESHING', 'LOGGING_OUT'] as const)('%s allows Login and Register', (status) => {
      expect(decideNavigation(ctx('/login', { status }))).toBeNull();
      expect(decideNavigation(ctx('/register', { status }))).toBeNull();
    });

    it('REFRESHING lets the signed-in person open protected routes (they wait for the refresh, not at Login)', () => {
      expect(decideNavigation(ctx('/knowledge-base', { status: 'REFRESHING' }))).toBeNull();
      expect(decideNavigation(ctx('/org-admin/users', { status: 'REFRESHING', role: 'org_member' }))).toEqual(to('/org-admin/dashboard'));
    });

    it('REFRESHING with nobody known sends protected routes to Login, keeping the way back', () => {
      expect(decideNavigation(ctx('/knowledge-base', { status: 'REFRESHING', role: null }))).toEqual(to('/login?redirect=%2Fknowledge-base'));
    });

    it('LOGGING_OUT sends protected routes to plain Login', () => {
      expect(decideNavigation(ctx('/knowledge-base', { status: 'LOGGING_OUT' }))).toEqual(to('/login'));
    });
  });

  describe('system admins', () => {
    it.each([
      '/dashboard',
      '/connections',
      '/connections/ga4/manage',
      '/ga4-setup',
      '/knowledge-base',
      '/assets',
      '/agents',
      '/agents/manage',
      '/agents/seo',
      '/agents/seo/configure',
      '/agents/seo/chat/9',
      '/agent-mode',
      '/workspace-settings',
      '/credits',
    ])('are kept out of %s', (path) => {
      expect(decideNavigation(ctx(path, { role: 'system_admin', spaces: SPACES_NOT_LOADED }))).toEqual(
        to('/admin/dashboard'),
      );
    });

    it.each(['/admin/dashboard', '/admin/users', '/settings', '/pricing'])('may open %s', (path) => {
      expect(decideNavigation(ctx(path, { role: 'system_admin', spaces: SPACES_NOT_LOADED }))).toBeNull();
    });

    it('go from / to the admin dashboard', () => {
      expect(decideNavigation(ctx('/', { role: 'system_admin' }))).toEqual(to('/admin/dashboard'));
    });

    it('are sent from the org-admin area to the admin dashboard', () => {
      expect(decideNavigation(ctx('/org-admin/users', { role: 'system_admin' }))).toEqual(to('/admin/dashboard'));
    });
  });

  describe('the admin area', () => {
    it.each(['system_admin', 'support_admin'] as const)('admits %s', (role) => {
      expect(decideNavigation(ctx('/admin/security', { role }))).toBeNull();
    });

    it.each([
      ['org_owner', '/org-admin/dashboard'],
      ['org_admin', '/org-admin/dashboard'],
      ['org_member', '/org-admin/dashboard'],
    ] as const)('sends %s to %s', (role, expected) => {
      expect(decideNavigation(ctx('/admin/users', { role }))).toEqual(to(expected));
      expect(decideNavigation(ctx('/admin', { role }))).toEqual(to(expected));
    });
  });

  describe('the org-admin area (owners and admins only)', () => {
    it.each(['org_owner', 'org_admin'] as const)('admits %s', (role) => {
      expect(decideNavigation(ctx('/org-admin/users', { role }))).toBeNull();
      expect(decideNavigation(ctx('/org-admin/dashboard', { role }))).toBeNull();
    });

    it.each([
      ['org_member', '/org-admin/dashboard'],
      ['support_admin', '/admin/dashboard'],
    ] as const)('sends %s to %s', (role, expected) => {
      expect(decideNavigation(ctx('/org-admin/users', { role }))).toEqual(to(expected));
    });

    it("lets a member into the organisation dashboard (spec 000's guard admits members), read-only", () => {
      expect(decideNavigation(ctx('/org-admin/dashboard', { role: 'org_member' }))).toBeNull();
    });
  });

  describe('signed-in users on Login or Register', () => {
    it.each([
      ['/login', 'org_member', '', '/dashboard'],
      ['/register', 'org_owner', '', '/dashboard'],
      ['/login', 'system_admin', '', '/admin/dashboard'],
      ['/login', 'org_member', '?redirect=%2Fagents%2Fseo%3Ftab%3D2', '/agents/seo?tab=2'],
      ['/register', 'support_admin', '?redirect=/admin/users', '/admin/users'],
    ] as const)('%s as %s%s → %s', (path, role, search, expected) => {
      expect(decideNavigation(ctx(path, { role, search }))).toEqual(to(expected));
    });

    it.each([
      'https://evil.example/phish',
      '//evil.example/phish',
      '/\\evil.example',
      'javascript:alert(1)',
      'dashboard',
      '/login',
    ])('ignores the unsafe redirect target %s', (target) => {
      const search = `?redirect=${encodeURIComponent(target)}`;
      expect(decideNavigation(ctx('/login', { search }))).toEqual(to('/dashboard'));
    });
  });

  describe('screens that need a current space', () => {
    it.each(['/dashboard', '/agents', '/agents/seo/chat/1', '/knowledge-base', '/assets'])(
      '%s goes to the dashboard error when spaces failed',
      (path) => {
        expect(decideNavigation(ctx(path, { spaces: SPACES_NOT_LOADED }))).toEqual(
          to('/dashboard?error=space-init-failed'),
        );
        expect(decideNavigation(ctx(path, { spaces: NO_SPACES }))).toEqual(to('/dashboard?error=space-init-failed'));
      },
    );

    it('skips the check on the Dashboard when the error is already shown', () => {
      expect(
        decideNavigation(ctx('/dashboard', { search: '?error=space-init-failed', spaces: SPACES_NOT_LOADED })),
      ).toBeNull();
    });

    it('does not skip the check elsewhere just because the query says so', () => {
      expect(
        decideNavigation(ctx('/assets', { search: '?error=space-init-failed', spaces: SPACES_NOT_LOADED })),
      ).toEqual(to('/dashboard?error=space-init-failed'));
    });

    it.each(['/connections', '/agent-mode', '/workspace-settings', '/credits', '/settings'])(
      'does not apply to %s',
      (path) => {
        expect(decideNavigation(ctx(path, { spaces: SPACES_NOT_LOADED }))).toBeNull();
      },
    );

    it('admits users who have a current space', () => {
      expect(decideNavigation(ctx('/knowledge-base'))).toBeNull();
    });

    it('applies to support admins, who work in spaces', () => {
      expect(decideNavigation(ctx('/assets', { role: 'support_admin', spaces: NO_SPACES }))).toEqual(
        to('/dashboard?error=space-init-failed'),
      );
    });
  });

  it.each(['system_admin', 'support_admin', 'org_owner', 'org_admin', 'org_member'] as const)(
    'opens Settings to %s',
    (role) => {
      expect(decideNavigation(ctx('/settings', { role, spaces: SPACES_NOT_LOADED }))).toBeNull();
    },
  );

  it('opens Pricing to signed-in users too', () => {
    expect(decideNavigation(ctx('/pricing', { role: 'org_member' }))).toBeNull();
  });

  it('sends other signed-in users from / to the dashboard', () => {
    expect(decideNavigation(ctx('/', { role: 'org_admin' }))).toEqual(to('/dashboard'));
  });
});

describe('safeRedirectTarget', () => {
  it.each([
    ['/credits?x=1#top', '/credits?x=1#top'],
    ['/', '/'],
    [null, null],
    ['', null],
    ['//evil.example', null],
    ['/%0a/evil', '/%0a/evil'],
    ['/\tevil', null],
    ['/register?x=1', null],
  ])('%s → %s', (input, expected) => {
    expect(safeRedirectTarget(input)).toBe(expected);
  });
});
