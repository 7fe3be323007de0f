/**
 * The plan of a run (docs/agent-mode.md "The plan"): Mosaic's method for a piece of marketing work,
 * laid out for the chosen agents — research the knowledge base, read the figures (when an agent
 * that reads them is chosen and a property is linked), set the brief, write the draft, check it
 * against the brand voice and revise it (when Brand Voice is chosen). The same plan whichever
 * engine carries it out, so the estimate shown before starting is the same too; the person
 * tailors it by editing each step's instruction before it runs.
 */
import { ANALYTICS_AGENTS, stepCost, writerFor, type StepKind } from '../../../../src/contract/agent-mode';
import type { ChatMode } from '../../../../src/contract/chat';
import { goalPhrase } from '../../llm/offline/text';

export interface PlannedStep {
  kind: StepKind;
  agentSlug: string;
  title: string;
  instruction: string;
  credits: number;
}

export const STEP_TITLES: Readonly<Record<StepKind, string>> = {
  research: 'Research the knowledge base',
  analytics: 'Read the GA4 figures',
  brief: 'Set the brief',
  draft: 'Write the draft',
  brand_check: 'Check against the brand voice',
  revise: 'Revise for the brand voice',
};

/** What the writer produces, in the instructions' words. */
const DELIVERABLE_NOUN: Readonly<Record<string, string>> = {
  email: 'emails',
  seo: 'SEO brief',
  creative: 'creative concepts',
  cmo: 'plan',
  'strategy-review': 'review',
  'brand-voice': 'copy',
};

const firstChosen = (order: readonly string[], chosen: readonly string[]) => order.find((slug) => chosen.includes(slug));

export interface PlanInput {
  goal: string;
  agents: readonly string[];
  mode: ChatMode;
  /** A GA4 property is linked to the space (else reading figures would only say there are none). */
  analyticsLinked: boolean;
}

export function makePlan({ goal, agents, mode, analyticsLinked }: PlanInput): PlannedStep[] {
  const writer = writerFor(goal, agents);
  const topic = goalPhrase(goal) || 'the goal';
  const noun = DELIVERABLE_NOUN[writer] ?? 'deliverable';
  const researcher = firstChosen(['strategy-review', 'cmo', 'seo'], agents) ?? writer;
  const analyst = analyticsLinked ? firstChosen(ANALYTICS_AGENTS, agents) : undefined;
  const strategist = firstChosen(['cmo', 'strategy-review'], agents) ?? writer;
  const checksVoice = agents.includes('brand-voice');

  const steps: Omit<PlannedStep, 'credits' | 'title'>[] = [
    {
      kind: 'research',
      agentSlug: researcher,
      instruction: `Find what our documents say about ${topic}: facts, offers, dates, proof points and anything the ${noun} must not contradict.`,
    },
  ];
  if (analyst) {
    steps.push({
      kind: 'analytics',
      agentSlug: analyst,
      instruction: `Read the last 28 days of Google Analytics (sessions, conversions, the trend and the channels people come from) and say what they mean for ${topic}.`,
    });
  }
  steps.push(
    { kind: 'brief', agentSlug: strategist, instruction: `Set the objective, the audience, three key messages and the structure of the ${noun}.` },
    { kind: 'draft', agentSlug: writer, instruction: `Write the ${noun} in full, grounded in the research${analyst ? ' and the figures' : ''} and following the brief.` },
  );
  if (checksVoice) {
    steps.push(
      { kind: 'brand_check', agentSlug: 'brand-voice', instruction: 'Check the draft against our brand voice and list every change it needs, with the words to use instead.' },
      { kind: 'revise', agentSlug: writer, instruction: `Apply the brand-voice changes and return the finished ${noun}.` },
    );
  }
  return steps.map((step) => ({ ...step, title: STEP_TITLES[step.kind], credits: stepCost(step.kind, mode) }));
}
