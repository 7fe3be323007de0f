import type { ComponentType } from 'react';
import {
  BarChartIcon,
  ChatBubbleIcon,
  CubeIcon,
  DashboardIcon,
  ImageIcon,
  LightningBoltIcon,
  Link2Icon,
  LockClosedIcon,
  MixerHorizontalIcon,
  MixerVerticalIcon,
  PersonIcon,
  ReaderIcon,
} from '@radix-ui/react-icons';
import type { Role } from '../../contract/auth';
import { isAdminRole, isOrgManagerRole, isSystemAdminRole } from '../../contract/auth';
import { formatCount } from '../../contract/format';

/** A sidebar entry (spec 000 §3 "Sidebar item"). */
export interface SidebarItemDef {
  icon: ComponentType<{ width?: number; height?: number }>;
  label: string;
  to: string;
  badge?: string;
  /** What the badge means, for screen readers and the collapsed rail's tooltip ("2 join requests waiting"). */
  badgeLabel?: string;
}

export interface SidebarSectionDef {
  title: string;
  items: SidebarItemDef[];
}

export const MANAGE_USERS_PATH = '/org-admin/users';

const ANALYTICS: SidebarSectionDef = {
  title: 'Analytics',
  items: [
    { icon: DashboardIcon, label: 'Dashboard', to: '/dashboard' },
    { icon: Link2Icon, label: 'Connections', to: '/connections' },
  ],
};

const AI_TOOLS: SidebarSectionDef = {
  title: 'AI Tools',
  items: [
    { icon: ReaderIcon, label: 'Knowledge Base', to: '/knowledge-base' },
    { icon: ChatBubbleIcon, label: 'AI Agents', to: '/agents' },
    { icon: LightningBoltIcon, label: 'Agent Mode', to: '/agent-mode' },
    { icon: ImageIcon, label: 'Creative Assets', to: '/assets' },
  ],
};

const MANAGEMENT: SidebarSectionDef = {
  title: 'Management',
  items: [
    { icon: MixerHorizontalIcon, label: 'Agent Configuration', to: '/agents/manage' },
    { icon: MixerVerticalIcon, label: 'Workspace Settings', to: '/workspace-settings' },
  ],
};

const SYSTEM_ADMIN: SidebarSectionDef = {
  title: 'System Admin',
  items: [
    { icon: BarChartIcon, label: 'Admin Dashboard', to: '/admin/dashboard' },
    { icon: PersonIcon, label: 'Users', to: '/admin/users' },
    { icon: CubeIcon, label: 'Organisations', to: '/admin/organizations' },
    { icon: LockClosedIcon, label: 'Security', to: '/admin/security' },
  ],
};

const ORGANIZATION_ADMIN: SidebarSectionDef = {
  title: 'Organisation Admin',
  items: [{ icon: PersonIcon, label: 'Manage Users', to: MANAGE_USERS_PATH }],
};

/** Which sections a role sees (spec 000 §2 Application shell and §6). */
export function sidebarSectionsFor(role: Role | null | undefined): SidebarSectionDef[] {
  const sections: SidebarSectionDef[] = [];
  if (!isSystemAdminRole(role)) sections.push(ANALYTICS, AI_TOOLS, MANAGEMENT);
  if (isAdminRole(role)) sections.push(SYSTEM_ADMIN);
  if (isOrgManagerRole(role)) sections.push(ORGANIZATION_ADMIN);
  return sections;
}

/** The sections with a count on Manage Users while join requests wait for an answer. */
export function withWaitingJoinRequests(sections: SidebarSectionDef[], waiting: number): SidebarSectionDef[] {
  if (waiting <= 0) return sections;
  const badgeLabel = `${formatCount(waiting, 'join request')} waiting`;
  return sections.map((section) => ({
    ...section,
    items: section.items.map((item) => (item.to === MANAGE_USERS_PATH ? { ...item, badge: String(waiting), badgeLabel } : item)),
  }));
}
