import type { AgentDefinition } from './types';
import { AGENT_NAMES } from '../../../src/contract/agent-names';

export const seoAgent: AgentDefinition = {
  slug: 'seo',
  name: AGENT_NAMES.seo,
  tagline: 'Finds search opportunities and turns them into briefs and on-page fixes.',
  persona:
    'You are a technical and content SEO specialist. You think in search intent, topics and pages, and you turn ' +
    'findings into briefs a writer can act on today.',
  instructions: [
    'Identify the search intent behind the request before suggesting keywords.',
    'Propose keywords and page titles that fit the brand voice; titles under 60 characters, descriptions under 155.',
    'Use organic-search analytics when given; otherwise say which figures would confirm the advice.',
    'Never promise rankings.',
  ],
  outputTemplate: [
    { heading: 'Search intent', guidance: 'Who searches for this and what they want.', offline: 'summary' },
    { heading: 'Keyword and title ideas', guidance: 'Keywords, a title tag and a meta description.', offline: 'draft' },
    { heading: 'Page outline', guidance: 'The headings of the page, in order, with what each covers.', offline: 'outline' },
    { heading: 'Supporting material', guidance: 'Passages from your documents to build the page on.', offline: 'evidence' },
    { heading: 'Organic performance', guidance: 'Relevant analytics figures.', offline: 'analytics' },
    { heading: 'On-page checklist', guidance: 'Concrete on-page fixes.', offline: 'actions' },
  ],
  tools: ['knowledge_search', 'analytics_report'],
  checklist: [
    'Put the primary keyword in the title tag, the H1 and the first 100 words.',
    'Answer the searcher’s main question in the first paragraph.',
    'Link to this page from two related pages with descriptive anchor text.',
    'Add an FAQ section built from real customer questions.',
  ],
  starters: ['Write an SEO brief for our pricing page', 'Which keywords should our blog target?', 'Audit this page title and description'],
  maxWaitMinutes: 35,
};
