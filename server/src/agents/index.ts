/** The six agents (spec 001 §9 names their slugs and maximum waits). */
import { brandVoiceAgent } from './brand-voice';
import { cmoAgent } from './cmo';
import { creativeAgent } from './creative';
import { emailAgent } from './email';
import { seoAgent } from './seo';
import { strategyReviewAgent } from './strategy-review';
import type { AgentDefinition, AgentSlug } from './types';

export * from './types';

export const AGENTS: readonly AgentDefinition[] = [
  brandVoiceAgent,
  strategyReviewAgent,
  seoAgent,
  cmoAgent,
  emailAgent,
  creativeAgent,
];

const bySlug = new Map<string, AgentDefinition>(AGENTS.map((agent) => [agent.slug, agent]));

export function findAgent(slug: string): AgentDefinition | undefined {
  return bySlug.get(slug);
}

export function isAgentSlug(slug: string): slug is AgentSlug {
  return bySlug.has(slug);
}
