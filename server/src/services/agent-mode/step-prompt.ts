/**
 * A step as a model sees it (docs/agent-mode.md "Real providers"): the agent's persona and rules,
 * the goal and this step's instruction, what the earlier steps found, and for the writing steps the
 * deliverable so far, and for the steps that read material the creative assets the goal carries.
 * Facts come through the tools (knowledge search, the figures, the brand voice); a question for the
 * person goes through ask_user.
 */
import type { StepKind } from '../../../../src/contract/agent-mode';
import type { GroundingPassage } from '../../llm/offline/types';
import type { StepContext } from './step-context';
import type { RunRow, StepRow } from './serializers';

const KIND_GUIDANCE: Readonly<Record<StepKind, string>> = {
  research:
    'Search the knowledge base (several queries if useful) and write the key points the later steps need as a Markdown list, each with its source file name in brackets. Add a "Sources" list at the end.',
  analytics:
    'Read the figures with read_analytics and write what they mean for the goal: the numbers that matter, the trend and the channels, as short Markdown with a table for the key figures.',
  brief: 'Write a short brief in Markdown with the level-3 headings Objective, Audience, Key messages, Structure and Measures of success.',
  draft:
    'Write the deliverable in full as a Markdown document that starts with a level-1 heading. Write only the document: no preamble, no notes to the team.',
  brand_check:
    'Check the deliverable against the brand voice (read it with read_brand_voice). Write the level-3 headings Verdict, Rules checked and Changes to make; quote each off-brand phrase with the words to use instead.',
  revise:
    'Rewrite the deliverable applying every change the brand check asked for. Return the whole revised document, starting with its level-1 heading, and nothing else.',
};

/**
 * The assets the person attached to the goal, given whole (their text is the person's own material,
 * not a search result); the chat gives attached assets the same way (services/agents/prompt.ts).
 */
function carriedAssets(list: readonly GroundingPassage[]): string {
  if (list.length === 0) return '';
  const items = list.map((passage) => `(${passage.filename})\n${passage.passage.trim()}`).join('\n\n');
  return `## Assets the person attached to the goal\nThe person chose these for this work: build on them, and name an asset in brackets when you draw on it.\n\n${items}`;
}

export function stepSystemPrompt(run: RunRow, step: StepRow, stepCount: number, context: StepContext, customInstructions: string): string {
  const { agent } = context;
  const previous = context.previous.map((done) => `### ${done.title}\n${done.output.trim()}`).join('\n\n');
  return [
    agent.persona,
    `## How you work\n${agent.instructions.map((rule) => `- ${rule}`).join('\n')}`,
    customInstructions.trim() ? `## Team instructions\n${customInstructions.trim()}` : '',
    `## The work\nYou are carrying out step ${step.position} of ${stepCount} of a plan the team approved, toward this goal:\n${run.goal.trim()}`,
    `## This step: ${step.title}\n${step.instruction.trim()}\n\n${KIND_GUIDANCE[step.kind]}`,
    '## Grounding\nUse only the tools\' results, the attached assets, the work so far and the person\'s answers for facts about the organisation. Cite documents by file name in brackets. If something is not covered, say so rather than inventing it.',
    carriedAssets(context.assets),
    previous ? `## The work so far\n${previous}` : '',
    (step.kind === 'brand_check' || step.kind === 'revise') && run.deliverable ? `## The deliverable as it stands\n${run.deliverable}` : '',
    context.answers.length > 0 ? `## The person's answers\n${context.answers.map((answer) => `- ${answer}`).join('\n')}` : '',
    step.question && !step.answer ? `## Your earlier question\nYou asked: ${step.question}\nThe person chose to go on without answering: carry on with what you have.` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

export function stepUserPrompt(step: StepRow): string {
  return `Carry out the step "${step.title}" now.`;
}
