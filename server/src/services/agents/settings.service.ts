/**
 * Per-space agent settings (spec 001 §7; the body is ours to design): which engine and model
 * answer, temperature, answer length, the default mode, and team instructions added to the prompt.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { agentSettingsSchema } from '../../../../src/contract/agents-schemas';
import type { DbExecutor } from '../../db/database';
import { agentSettings } from '../../db/schema/index';
import { AppError } from '../../errors';
import { chooseModel, configuredProviders } from '../../llm/providers';
import type { EngineName, LlmConfig } from '../../llm/types';
import { AGENT_MESSAGES } from './messages';

export type AgentSettings = z.infer<typeof agentSettingsSchema>;

export const DEFAULT_AGENT_SETTINGS: AgentSettings = {
  provider: null,
  model: null,
  temperature: null,
  max_output_tokens: null,
  default_mode: 'normal',
  custom_instructions: '',
};

export async function readAgentSettings(db: DbExecutor, spaceId: string, slug: string): Promise<AgentSettings> {
  const [row] = await db
    .select({ settings: agentSettings.settings })
    .from(agentSettings)
    .where(and(eq(agentSettings.spaceId, spaceId), eq(agentSettings.agentSlug, slug)));
  // Stored settings are re-validated field by field, so a value from an older version never breaks a run.
  const parsed = agentSettingsSchema.partial().safeParse(row?.settings ?? {});
  return { ...DEFAULT_AGENT_SETTINGS, ...(parsed.success ? parsed.data : {}) };
}

export async function readAllAgentSettings(db: DbExecutor, spaceId: string): Promise<Map<string, AgentSettings>> {
  const rows = await db.select().from(agentSettings).where(eq(agentSettings.spaceId, spaceId));
  return new Map(
    rows.map((row) => {
      const parsed = agentSettingsSchema.partial().safeParse(row.settings);
      return [row.agentSlug, { ...DEFAULT_AGENT_SETTINGS, ...(parsed.success ? parsed.data : {}) }];
    }),
  );
}

export async function updateAgentSettings(
  db: DbExecutor,
  llm: LlmConfig,
  input: { spaceId: string; slug: string; userId: string; patch: Partial<AgentSettings> },
): Promise<AgentSettings> {
  const provider = input.patch.provider;
  if (provider && provider !== 'offline' && !configuredProviders(llm).includes(provider)) {
    throw new AppError(422, AGENT_MESSAGES.providerNotConfigured(provider), 'PROVIDER_NOT_CONFIGURED');
  }
  const next = { ...(await readAgentSettings(db, input.spaceId, input.slug)), ...input.patch };
  await db
    .insert(agentSettings)
    .values({ spaceId: input.spaceId, agentSlug: input.slug, settings: next, updatedBy: input.userId })
    .onConflictDoUpdate({
      target: [agentSettings.spaceId, agentSettings.agentSlug],
      set: { settings: next, updatedBy: input.userId, updatedAt: sql`now()` },
    });
  return next;
}

/** Settings plus what they resolve to on this server. */
export function settingsView(llm: LlmConfig, slug: string, settings: AgentSettings) {
  const choice = chooseModel(llm, settings);
  const available: EngineName[] = [...configuredProviders(llm), 'offline'];
  return { agent_slug: slug, ...settings, engine: choice.engine, engine_model: choice.model, available_providers: available };
}
