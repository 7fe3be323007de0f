/**
 * Carries out one step with the engine its agent answers with: the offline engine (composed from
 * the material, streamed in word-sized chunks like a chat reply) or a model through the AI SDK with
 * tool calling (knowledge search, the figures, the brand voice, a question for the person). The
 * text goes to `onProgress` as it is written; the tools used go to `onActivity`.
 */
import { z } from 'zod';
import type { StepActivity } from '../../../../src/contract/agent-mode';
import type { AppConfig } from '../../config';
import type { DbExecutor } from '../../db/database';
import { callModelWithTools } from '../../llm/model-call';
import { composeOfflineStep } from '../../llm/offline/agent-mode-steps';
import { streamInChunks } from '../../llm/offline/stream';
import type { GroundingPassage } from '../../llm/offline/types';
import { chooseModel } from '../../llm/providers';
import type { ToolSpec } from '../../llm/types';
import type { AnalyticsLoader } from '../agents/analytics';
import { analyticsBlock } from '../agents/prompt';
import { readAgentSettings } from '../agents/settings.service';
import type { SemanticIndex } from '../knowledge/semantic-index';
import type { RunRow, StepRow } from './serializers';
import { stepContext, type StepContext } from './step-context';
import { stepSystemPrompt, stepUserPrompt } from './step-prompt';

export interface StepRunnerDeps {
  db: DbExecutor;
  config: Pick<AppConfig, 'llm'>;
  analytics: AnalyticsLoader;
  semanticIndex: SemanticIndex | null;
}

export interface StepCallbacks {
  signal: AbortSignal;
  onProgress: (textSoFar: string, engine: string) => void;
  onActivity: (activity: StepActivity[]) => void;
}

export interface StepOutcome {
  output: string;
  activity: StepActivity[];
  /** The step asks the person this; it waits for the answer. */
  question: string | null;
}

/** Model calls a step may make (each tool round trip is one). */
const MAX_MODEL_STEPS = 8;

const passagesText = (passages: GroundingPassage[]) =>
  passages.length === 0 ? 'No passages matched.' : passages.map((passage, index) => `[${index + 1}] (${passage.filename})\n${passage.passage.trim()}`).join('\n\n');

export async function runStep(deps: StepRunnerDeps, run: RunRow, step: StepRow, steps: readonly StepRow[], callbacks: StepCallbacks): Promise<StepOutcome> {
  const context = await stepContext(deps, run, step, steps);
  const settings = await readAgentSettings(deps.db, run.spaceId, context.agent.slug);
  const choice = chooseModel(deps.config.llm, settings);
  const engine = `${choice.engine}/${choice.model}`;
  if (choice.engine === 'offline') return runOffline(run, step, context, callbacks, engine);

  const activity: StepActivity[] = [];
  const record = (entry: StepActivity) => {
    activity.push(entry);
    callbacks.onActivity([...activity]);
  };
  const tools = modelTools(deps, run, step, context, record);
  const result = await callModelWithTools(deps.config.llm, choice, {
    system: stepSystemPrompt(run, step, steps.length, context, settings.custom_instructions),
    prompt: stepUserPrompt(step),
    tools,
    maxSteps: MAX_MODEL_STEPS,
    temperature: settings.temperature ?? undefined,
    maxOutputTokens: settings.max_output_tokens ?? undefined,
    signal: callbacks.signal,
    onProgress: (text) => callbacks.onProgress(text, engine),
  });
  if (result.endedWith?.tool === 'ask_user') {
    const question = String((result.endedWith.input as { question?: unknown }).question ?? '').trim() || 'Could you tell me more about what this step should rest on?';
    record({ tool: 'ask_user', summary: 'Asked you a question' });
    return { output: result.text, activity, question };
  }
  return { output: result.text, activity, question: null };
}

async function runOffline(run: RunRow, step: StepRow, context: StepContext, callbacks: StepCallbacks, engine: string): Promise<StepOutcome> {
  const reads = step.kind === 'research' || step.kind === 'brief' || step.kind === 'draft';
  const passages = reads ? await context.search(`${run.goal}\n${step.instruction}`) : [];
  const result = composeOfflineStep({
    kind: step.kind,
    agent: context.agent,
    writer: context.writer,
    goal: run.goal,
    instruction: step.instruction,
    passages,
    assets: context.assets,
    brandVoice: context.brandVoice,
    analytics: context.analytics,
    analyticsUnavailable: context.analyticsUnavailable,
    deliverable: run.deliverable,
    previous: context.previous,
    answers: context.answers,
    answerSkipped: step.answerSkipped,
    asked: step.question !== null,
  });
  // What the step read shows at once, beside the text being written.
  const reading = result.activity.filter((entry) => entry.tool !== 'ask_user');
  if (reading.length > 0) callbacks.onActivity(reading);
  const output = await streamInChunks(result.text, (text) => callbacks.onProgress(text, engine), callbacks.signal);
  return { output, activity: result.activity, question: result.question };
}

function modelTools(deps: StepRunnerDeps, run: RunRow, step: StepRow, context: StepContext, record: (entry: StepActivity) => void): ToolSpec[] {
  const tools: ToolSpec[] = [];
  if (context.agent.tools.includes('knowledge_search')) {
    tools.push({
      name: 'search_knowledge',
      description: "Searches the team's knowledge base (briefs, plans, past campaigns, product facts). Returns passages with their file names.",
      input: z.object({ query: z.string().min(1).max(500).describe('What to look for, in a few words') }),
      execute: async ({ query }: { query: string }) => {
        const passages = await context.search(query);
        record({ tool: 'knowledge_search', summary: `Searched for "${query.slice(0, 80)}": ${passages.length} ${passages.length === 1 ? 'passage' : 'passages'}` });
        return passagesText(passages);
      },
    });
  }
  if (context.agent.tools.includes('analytics_report')) {
    tools.push({
      name: 'read_analytics',
      description: "Reads the space's Google Analytics 4 figures for the last 28 days: KPIs, sessions per day, top channels.",
      input: z.object({}),
      execute: async () => {
        const lookup = await deps.analytics.lookup(run.spaceId);
        const snapshot = lookup.status === 'ready' ? lookup.snapshot : null;
        record({ tool: 'analytics_report', summary: snapshot ? `Read ${snapshot.propertyName}, ${snapshot.rangeLabel}` : lookup.status === 'unavailable' ? 'The figures could not be read' : 'No property linked' });
        return analyticsBlock({ analytics: snapshot, analyticsUnavailable: lookup.status === 'unavailable' });
      },
    });
  }
  tools.push({
    name: 'read_brand_voice',
    description: "Reads the organisation's brand voice: how everything it publishes should sound.",
    input: z.object({}),
    execute: async () => {
      record({ tool: 'brand_voice', summary: context.brandVoice ? 'Read the brand voice' : 'No brand voice set' });
      // Said to the model only: it checks against plain-language practice and does not pass the gap on to the reader.
      return context.brandVoice || 'No brand voice is set for this organisation. Check against clear, plain-language practice, and do not mention in the work that none is set.';
    },
  });
  // One question per step: once asked (answered or not), the step carries on with what it has.
  if (!step.question) {
    tools.push({
      name: 'ask_user',
      description: 'Asks the person one question when this step cannot be done well without a fact only they know. The step waits for the answer, so ask only when it matters.',
      input: z.object({ question: z.string().min(1).max(500) }),
    });
  }
  return tools;
}
