/**
 * Per-space agent settings (spec 001 §7; the body is ours to design): which engine and model
 * answer, temperature, answer length, the default mode, and team instructions added to the prompt.
 */
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbExecutor } from '../../db/database';
import { agentSettings } from '../../db/schema/index';
import { AppError } from '../../errors';
import { chooseModel, configuredProviders } from '../../llm/providers';
import type { EngineName, LlmConfig } from '../../llm/types';
import { AGENT_MESSAGES } from './messages';

export const agentSettingsSchema = z.object({
  /** null → the server's default engine. */
  provider: z.enum(['openai', 'anthropic', 'google', 'openai-compatible', 'offline']).nullable(),
  model: z.string().trim().min(1).max(200).nullable(),
  temperature: z.number().min(0).max(2).nullable(),
  max_output_tokens: z.number().int().min(64).max(32_000).nullable(),
  default_mode: z.enum(['normal', 'medium', 'max']),
  custom_instructions: z.string().max(4000),
});
export type AgentSettings = z.infer<typeof agentSettingsSchema>;
/**
 * What GET adds to the settings to describe this server (which engine they resolve to, what is
 * configured): a PUT may send a GET's body back unchanged, so these are accepted and ignored.
 */
const readOnlySettingsFields = {
  agent_slug: z.unknown().optional(),
  engine: z.unknown().optional(),
  engine_model: z.unknown().optional(),
  available_providers: z.unknown().optional(),
};
/** Only the fields to change; any other unknown field is refused by name (strict). */
export const agentSettingsPatchSchema = agentSettingsSchema
  .partial()
  .extend(readOnlySettingsFields)
  .strict()
  .transform(({ agent_slug: _slug, engine: _engine, engine_model: _model, available_providers: _available, ...patch }) => patch);

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
