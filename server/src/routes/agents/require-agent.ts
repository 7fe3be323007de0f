import { findAgent } from '../../agents/index';
import type { AgentDefinition } from '../../agents/types';
import { notFound } from '../../errors';
import { AGENT_MESSAGES } from '../../services/agents/messages';

/** The agent of a :slug route; 404 'Agent not found' (spec 000 §8 maps that detail for the user). */
export function requireAgent(slug: string): AgentDefinition {
  const agent = findAgent(slug);
  if (!agent) throw notFound(AGENT_MESSAGES.agentNotFound);
  return agent;
}
