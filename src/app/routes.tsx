// Not React.lazy: lazyScreen shows a screen as soon as its code is in (see lazy-screen.tsx).
import { lazyScreen as lazy } from '../ui/lazy-screen';
import type { RouteObject } from 'react-router-dom';
import { Navigate, Outlet } from 'react-router-dom';
import { GuardedOutlet } from './GuardedOutlet';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import type { Crumb, RouteHandle } from './route-handle';
import { agentLabel } from '../contract/agent-names';
import { endpointPath } from '../contract/endpoint';
import { GA4_ROUTES } from '../contract/ga4-routes';
import { ONBOARDING_ROUTES } from '../contract/onboarding-routes';

// Every screen loads on demand (spec 000 §2): one lazy chunk per screen.
const LoginPage = lazy(() => import('../features/auth/pages/LoginPage'));
const RegisterPage = lazy(() => import('../features/auth/pages/RegisterPage'));
const ForgotPasswordPage = lazy(() => import('../features/auth/pages/ForgotPasswordPage'));
const SsoPage = lazy(() => import('../features/auth/pages/SsoPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/pages/ResetPasswordPage'));
const ConfirmEmailPage = lazy(() => import('../features/account/pages/ConfirmEmailPage'));
const PricingPage = lazy(() => import('../features/billing/pages/PricingPage'));
const DashboardPage = lazy(() => import('../features/ga4/pages/DashboardPage'));
const ConnectionsPage = lazy(() => import('../features/ga4/pages/ConnectionsPage'));
const ManageGA4PropertiesPage = lazy(() => import('../features/ga4/pages/ManageGA4PropertiesPage'));
const GA4SetupPage = lazy(() => import('../features/ga4/pages/GA4SetupPage'));
const KnowledgeBasePage = lazy(() => import('../features/knowledge/pages/KnowledgeBasePage'));
const AssetsPage = lazy(() => import('../features/assets/pages/AssetsPage'));
const AgentsPage = lazy(() => import('../features/agents/pages/AgentsPage'));
const AgentManagementPage = lazy(() => import('../features/agents/pages/AgentManagementPage'));
const AgentChatPage = lazy(() => import('../features/agents/pages/AgentChatPage'));
const AgentConfigurationPage = lazy(() => import('../features/agents/pages/AgentConfigurationPage'));
const AgentChatSessionPage = lazy(() => import('../features/agents/pages/AgentChatSessionPage'));
const ChatHistoryPage = lazy(() => import('../features/agents/pages/ChatHistoryPage'));
const AgentModePage = lazy(() => import('../features/agent-mode/pages/AgentModePage'));
const WorkspaceSettingsPage = lazy(() => import('../features/settings/pages/WorkspaceSettingsPage'));
const CreditsPage = lazy(() => import('../features/billing/pages/CreditsPage'));
const SettingsPage = lazy(() => import('../features/account/pages/SettingsPage'));
const AdminDashboardPage = lazy(() => import('../features/admin/pages/AdminDashboardPage'));
const AdminUsersPage = lazy(() => import('../features/admin/pages/AdminUsersPage'));
const AdminOrganizationsPage = lazy(() => import('../features/admin/pages/AdminOrganizationsPage'));
const AdminSecurityPage = lazy(() => import('../features/admin/pages/AdminSecurityPage'));
const OrgAdminDashboardPage = lazy(() => import('../features/orgs/pages/OrgAdminDashboardPage'));
const OrgAdminUsersPage = lazy(() => import('../features/orgs/pages/OrgAdminUsersPage'));
const NotFoundPage = lazy(() => import('./NotFoundPage'));
// Outside the signed-in app: anyone with a share link, signed in or not (docs/agents.md "Share links").
const SharedChatPage = lazy(() => import('../features/share/pages/SharedChatPage'));

const AGENTS: Crumb = { label: 'AI Agents', to: '/agents' };
const CONNECTIONS: Crumb = { label: 'Connections', to: '/connections' };
const ADMIN: Crumb = { label: 'System Admin', to: '/admin/dashboard' };
const ORG_ADMIN: Crumb = { label: 'Organisation Admin', to: '/org-admin/dashboard' };

/** What the Dashboard asks for as it opens: its checklist and the space's analytics status. */
const DASHBOARD_GETS = [
  endpointPath(ONBOARDING_ROUTES.checklist),
  endpointPath(GA4_ROUTES.linkedProperties),
  endpointPath(GA4_ROUTES.accounts),
  endpointPath(GA4_ROUTES.authStatus),
];

function handle(name: string, crumbs: RouteHandle['crumbs'], extra: Partial<RouteHandle> = {}): RouteHandle {
  return { name, crumbs, ...extra };
}
const single = (label: string) => () => [{ label }];
const agentCrumb = (slug: string | undefined): Crumb => ({
  label: agentLabel(slug ?? ''),
  to: `/agents/${encodeURIComponent(slug ?? '')}`,
});

/** Screens of spec 000 §2; `handle` carries the route name and breadcrumb trail. */
export const screenRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/dashboard" replace /> },
  { path: 'login', element: <LoginPage />, handle: handle('Login', () => []) },
  { path: 'login/sso', element: <SsoPage />, handle: handle('SsoLogin', () => []) },
  { path: 'register', element: <RegisterPage />, handle: handle('Register', () => []) },
  { path: 'forgot-password', element: <ForgotPasswordPage />, handle: handle('ForgotPassword', () => []) },
  { path: 'reset-password', element: <ResetPasswordPage />, handle: handle('ResetPassword', () => []) },
  { path: 'confirm-email', element: <ConfirmEmailPage />, handle: handle('ConfirmEmail', () => []) },
  { path: 'pricing', element: <PricingPage />, handle: handle('Pricing', single('Pricing')) },
  { path: 'dashboard', element: <DashboardPage />, handle: handle('Dashboard', () => [], { opensWith: DASHBOARD_GETS }) },
  { path: 'connections', element: <ConnectionsPage />, handle: handle('Connections', single('Connections')) },
  { path: 'connections/ga4/manage', element: <ManageGA4PropertiesPage />, handle: handle('ManageGA4Properties', () => [CONNECTIONS, { label: 'Manage GA4 Properties' }]) },
  { path: 'ga4-setup', element: <GA4SetupPage />, handle: handle('GA4Setup', () => [CONNECTIONS, { label: 'GA4 Setup' }]) },
  { path: 'knowledge-base', element: <KnowledgeBasePage />, handle: handle('KnowledgeBase', single('Knowledge Base')) },
  { path: 'assets', element: <AssetsPage />, handle: handle('Assets', single('Creative Assets')) },
  { path: 'agents', element: <AgentsPage />, handle: handle('Agents', single('AI Agents')) },
  { path: 'agents/manage', element: <AgentManagementPage />, handle: handle('AgentManagement', () => [AGENTS, { label: 'Agent Configuration' }]) },
  { path: 'agents/history', element: <ChatHistoryPage />, handle: handle('ChatHistory', () => [AGENTS, { label: 'All chats' }]) },
  { path: 'agents/:slug', element: <AgentChatPage />, handle: handle('AgentChat', (p) => [AGENTS, { label: agentLabel(p.slug ?? '') }]) },
  { path: 'agents/:slug/configure', element: <AgentConfigurationPage />, handle: handle('AgentConfiguration', (p) => [AGENTS, agentCrumb(p.slug), { label: 'Configure' }]) },
  { path: 'agents/:slug/chat/:sessionId', element: <AgentChatSessionPage />, handle: handle('AgentChatSession', (p) => [AGENTS, agentCrumb(p.slug), { label: 'Chat' }], { fullHeight: true }) },
  { path: 'agent-mode', element: <AgentModePage />, handle: handle('AgentMode', single('Agent Mode'), { fullHeight: true }) },
  { path: 'workspace-settings', element: <WorkspaceSettingsPage />, handle: handle('WorkspaceSettings', single('Workspace Settings')) },
  { path: 'credits', element: <CreditsPage />, handle: handle('Credits', single('Credits')) },
  { path: 'settings', element: <SettingsPage />, handle: handle('Settings', single('Settings')) },
  { path: 'admin', element: <Navigate to="/admin/dashboard" replace /> },
  { path: 'admin/dashboard', element: <AdminDashboardPage />, handle: handle('AdminDashboard', () => [{ label: 'Admin Dashboard' }]) },
  { path: 'admin/users', element: <AdminUsersPage />, handle: handle('AdminUsers', () => [ADMIN, { label: 'Users' }]) },
  { path: 'admin/organizations', element: <AdminOrganizationsPage />, handle: handle('AdminOrganizations', () => [ADMIN, { label: 'Organisations' }]) },
  { path: 'admin/security', element: <AdminSecurityPage />, handle: handle('AdminSecurity', () => [ADMIN, { label: 'Security' }]) },
  { path: 'org-admin', element: <Navigate to="/org-admin/dashboard" replace /> },
  { path: 'org-admin/dashboard', element: <OrgAdminDashboardPage />, handle: handle('OrgAdminDashboard', () => [{ label: 'Organisation Admin' }]) },
  { path: 'org-admin/users', element: <OrgAdminUsersPage />, handle: handle('OrgAdminUsers', () => [ORG_ADMIN, { label: 'Manage Users' }]) },
  { path: '*', element: <NotFoundPage />, handle: handle('NotFound', () => [{ label: 'Page not found' }]) },
];

/**
 * The whole route tree around the given screens. The root keeps the guard and shell mounted; the
 * inner boundary catches screen errors so the sidebar (and the auth event listener) survive a
 * broken screen, while the outer one catches the guard and shell themselves.
 */
export function routeTree(screens: RouteObject[]): RouteObject[] {
  return [
    // A shared chat: no guard, no session, no shell (nothing of the organisation but the conversation).
    {
      path: 'share/:token',
      element: (
        <RouteErrorBoundary>
          <main className="screen-alone">
            <SharedChatPage />
          </main>
        </RouteErrorBoundary>
      ),
      handle: handle('SharedChat', () => []),
    },
    {
      element: (
        <RouteErrorBoundary>
          <GuardedOutlet />
        </RouteErrorBoundary>
      ),
      children: [
        {
          element: (
            <RouteErrorBoundary>
              <Outlet />
            </RouteErrorBoundary>
          ),
          children: screens,
        },
      ],
    },
  ];
}

export const routes: RouteObject[] = routeTree(screenRoutes);
