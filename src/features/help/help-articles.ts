/**
 * The in-app help articles: short, about what Mosaic does today, bundled with the app (so they
 * read offline) and loaded only when Help & Support is opened. Numbers come from the shared
 * contract, so an article cannot drift from the product's rules.
 */
import { INVITE_TTL_DAYS } from '../../contract/orgs';
import { CHAT_MODES, MODE_MULTIPLIERS, chatCost } from '../../contract/chat';
import { DEFAULT_CREDIT_TOTAL, FREE_TRIAL_PLAN_NAME, TRIAL_DAYS } from '../../contract/billing-catalogue';
import { AGENT_NAMES } from '../../contract/agent-names';
import { PASSWORD_RESET_TTL_MINUTES } from '../../contract/account';

export type HelpBlock = { text: string } | { steps: string[] } | { points: string[] };

export interface HelpArticle {
  id: string;
  title: string;
  /** One line under the title in the list. */
  summary: string;
  body: HelpBlock[];
}

const MODE_LABELS: Record<(typeof CHAT_MODES)[number], string> = { normal: 'Normal', medium: 'Medium', max: 'Max' };
const agentList = Object.values(AGENT_NAMES).join(', ');

export const HELP_ARTICLES: readonly HelpArticle[] = [
  {
    id: 'getting-started',
    title: 'Getting started',
    summary: 'Your organisation, your spaces, and the first things to do.',
    body: [
      { text: 'Mosaic is organised as an organisation (your company or team) with spaces inside it. Everything you upload or chat about belongs to the space you are in.' },
      {
        steps: [
          'Pick or create a space with the space selector at the top of the sidebar.',
          'Add your brand guidelines, briefs and reports to the Knowledge Base, so the agents can use them.',
          'Open AI Agents and ask an agent a question; it answers from your knowledge base and your brand voice.',
          'Owners and admins: invite your team from Organisation Admin → Manage Users.',
        ],
      },
      { text: `A new organisation starts on the ${FREE_TRIAL_PLAN_NAME} with ${DEFAULT_CREDIT_TOTAL.toLocaleString('en-GB')} credits for ${TRIAL_DAYS} days.` },
    ],
  },
  {
    id: 'spaces',
    title: 'Spaces',
    summary: 'Separate workspaces for brands, clients or teams.',
    body: [
      { text: 'A space keeps its own knowledge base, chats and linked analytics. Switch spaces with the selector at the top of the sidebar; Mosaic remembers your last space on each device.' },
      {
        points: [
          'Owners and admins create spaces ("Create New Space" in the selector) and rename, describe, archive or delete them in Workspace Settings.',
          'Archiving hides a space and keeps everything in it; it can be restored from Workspace Settings.',
          'Deleting asks you to type the space name and removes its documents, chats and files for good. The default space cannot be deleted.',
          'If a space you are in is archived or deleted by someone else, Mosaic moves you to another space and tells you why.',
        ],
      },
    ],
  },
  {
    id: 'knowledge-base',
    title: 'Knowledge base',
    summary: 'Upload documents the agents draw on.',
    body: [
      { text: 'Drop files on the Knowledge Base screen or choose them: PDF, Word (.docx), text, Markdown, CSV, HTML and JSON. Each file is read in the background and shows Ready when the agents can use it, or says why it could not be read.' },
      {
        points: [
          'Documents belong to the space they were uploaded in.',
          'Search finds passages in your documents; the best match comes first.',
          'Every agent can use every ready document, unless an owner or admin switches a document off for an agent in Agent Configuration.',
        ],
      },
    ],
  },
  {
    id: 'agents',
    title: 'AI agents and chat',
    summary: `Six specialists: ${agentList}.`,
    body: [
      { text: `Each agent has its own speciality: ${agentList}. Open one from AI Agents, type your question and press Enter. Replies appear as they are written; Stop ends a reply early.` },
      {
        points: [
          `Modes set how much of your knowledge base an agent reads: ${CHAT_MODES.map((mode) => MODE_LABELS[mode]).join(', ')}. Higher modes read more and cost more.`,
          'Your chats are listed in the history rail: search them, rename, pin or delete them (with Undo).',
          'Copy a reply as text or Markdown, or export a whole chat to Markdown or Word.',
          'Owners and admins set each agent\'s default mode and documents in Agent Configuration, and the brand voice every agent follows in Workspace Settings.',
        ],
      },
    ],
  },
  {
    id: 'credits',
    title: 'Credits and plans',
    summary: 'What a message costs and how to get more.',
    body: [
      {
        text: `Sending a message uses credits: ${CHAT_MODES.map((mode) => `${MODE_LABELS[mode]} ${chatCost(mode)}`).join(', ')} (${CHAT_MODES.map((mode) => `×${MODE_MULTIPLIERS[mode]}`).join(', ')} of the base cost). A reply you stop early is charged only for what was written; a reply that fails is refunded.`,
      },
      {
        points: [
          'Credits shows the balance, what was used this cycle, and every charge, refund and purchase.',
          'Owners and admins buy credit packages and change plans on Credits and Pricing; paid plans renew monthly and unused credits carry over.',
          'When credits run out, agents stop answering until more are added; nothing you wrote is lost.',
        ],
      },
    ],
  },
  {
    id: 'analytics',
    title: 'Analytics',
    summary: 'Connect Google Analytics 4 and read your dashboard.',
    body: [
      { text: 'Connect a Google account under Connections, then choose which GA4 properties each space shows in Manage GA4 Properties. The Dashboard shows your traffic, its trend and your top channels for the period you choose.' },
      {
        points: [
          'If your Mosaic server has no Google connection set up, Connections offers a clearly labelled demo with sample data.',
          'If Google asks you to sign in again, reconnect the account under Connections; your linked properties stay.',
          'Agents can read the same figures when you ask them about your traffic.',
        ],
      },
    ],
  },
  {
    id: 'offline',
    title: 'Working offline',
    summary: 'What you can still do without a connection.',
    body: [
      { text: 'Mosaic installs like an app (Install app in your account menu) and keeps what you last saw on this device. Without a connection a banner says so, and you can still read your chats, documents, credits and dashboards as they were last loaded, and these help articles.' },
      {
        points: [
          'Sending messages, uploading and changing settings need a connection; those buttons say so while you are offline.',
          'When the connection is back, Mosaic refreshes what is on screen by itself.',
          'Signing out removes the saved copies from this device.',
        ],
      },
    ],
  },
  {
    id: 'account',
    title: 'Signing in and your account',
    summary: 'Passwords, single sign-on, devices and email.',
    body: [
      {
        points: [
          `Forgot your password? Use "Forgot password?" on the sign-in screen: the link works once, for ${PASSWORD_RESET_TTL_MINUTES} minutes.`,
          'If your organisation uses single sign-on, type your work email on the sign-in screen and choose "Sign in with …", or use "Sign in with SSO".',
          'Settings lets you change your name, email (confirmed from the new address) and password. Changing your password signs out your other devices.',
          'Settings lists the devices signed in to your account; sign any of them out from there.',
          `Invite links work once and expire after ${INVITE_TTL_DAYS} days; ask for a new invite if yours has expired.`,
        ],
      },
    ],
  },
];

/** Lower-case words of an article, for search. */
export function articleText(article: HelpArticle): string {
  const blocks = article.body.flatMap((block) => ('text' in block ? [block.text] : 'steps' in block ? block.steps : block.points));
  return [article.title, article.summary, ...blocks].join(' ').toLowerCase();
}

/** Articles containing every word of the query (any order), in their usual order. */
export function searchArticles(query: string): readonly HelpArticle[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return HELP_ARTICLES;
  return HELP_ARTICLES.filter((article) => {
    const text = articleText(article);
    return words.every((word) => text.includes(word));
  });
}
