/**
 * What an offline Agent Mode step is given and what it gives back, with the readings of the goal
 * and the person's answers that the step composers (agent-mode-steps.ts) and the writers
 * (agent-mode-writing.ts) share.
 */
import type { AgentDefinition } from '../../agents/types';
import type { StepActivity, StepKind } from '../../../../src/contract/agent-mode';
import type { GroundingPassage, AnalyticsSnapshot } from './types';

export interface OfflineStepInput {
  kind: StepKind;
  agent: AgentDefinition;
  /** The agent who writes the deliverable (the draft's template). */
  writer: AgentDefinition;
  goal: string;
  instruction: string;
  passages: GroundingPassage[];
  /** The creative assets the goal carries (empty for steps that do not read material). */
  assets: GroundingPassage[];
  brandVoice: string;
  analytics: AnalyticsSnapshot | null;
  analyticsUnavailable: boolean;
  /** The deliverable as the earlier steps left it. */
  deliverable: string;
  /** Earlier steps' outputs, in order. */
  previous: { kind: StepKind; title: string; output: string }[];
  /** Answers the person gave to earlier questions (and this step's, when it asked). */
  answers: string[];
  /** This step asked and the person chose to go on without answering. */
  answerSkipped: boolean;
  /** This step already asked (it asks at most once). */
  asked: boolean;
}

export interface OfflineStepResult {
  text: string;
  /** A question for the person: the step waits for the answer, then runs again with it. */
  question: string | null;
  activity: StepActivity[];
}

/** The person's answers read as material, beside the documents. */
export function answerPassages(answers: readonly string[]): GroundingPassage[] {
  return answers.map((answer, index) => ({ passage: answer, document_id: `answer-${index}`, ordinal: 0, filename: 'Your answer', score: 1 }));
}

/** Who the goal is for ("… for small business owners"), if it says. */
export function audienceOf(goal: string): string | null {
  const match = /\bfor\s+([^.,;:!?\n]{3,80})/i.exec(goal);
  return match ? match[1]!.trim().replace(/\s+(in|by|before|this|next)\s.*$/i, '') : null;
}
