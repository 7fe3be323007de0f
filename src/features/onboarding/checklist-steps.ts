/**
 * What each step of the "Get started" checklist says and where its button goes (the screen where
 * the step is done). Steps only owners and admins can do say so to members instead of offering a
 * button (the server refuses members there too).
 */
import type { ChecklistStep } from '../../contract/onboarding';

export interface StepCopy {
  title: string;
  /** What the step is for; `org` and `space` are the organisation's and current space's names. */
  description: (names: { org: string; space: string }) => string;
  action: { label: string; to: string };
  /** Set when only owners and admins do this step: what a member reads instead of a button. */
  managersOnly?: string;
}

export const STEP_COPY: Record<ChecklistStep, StepCopy> = {
  brand_voice: {
    title: 'Add your brand voice',
    description: ({ org }) => `How ${org} sounds. Every agent follows it in every space of ${org}.`,
    action: { label: 'Write the brand voice', to: '/workspace-settings#brand-voice' },
    managersOnly: 'An organisation owner or admin writes it in Workspace Settings.',
  },
  knowledge: {
    title: 'Upload knowledge',
    description: ({ space }) => `Brand guidelines, research and plans the agents draw on in ${space}.`,
    action: { label: 'Upload documents', to: '/knowledge-base' },
  },
  analytics: {
    title: 'Connect analytics',
    description: ({ space }) => `Link a Google Analytics 4 property to ${space} for the dashboard and the agents.`,
    action: { label: 'Connect Google Analytics', to: '/connections' },
    managersOnly: 'An organisation owner or admin connects Google Analytics.',
  },
  team: {
    title: 'Invite your team',
    description: ({ org }) => `Bring your colleagues into ${org}.`,
    action: { label: 'Invite people', to: '/org-admin/users?invite=1' },
    managersOnly: 'Organisation owners and admins invite people.',
  },
  chat: {
    title: 'Ask an agent',
    description: ({ space }) => `Ask for a plan, a post or a review: the agents answer from ${space}'s knowledge.`,
    action: { label: 'Ask an agent', to: '/agents' },
  },
};
