/**
 * Prompt templates (docs/agents.md "Prompt templates"): the organisation's library of reusable
 * prompts with `{{variables}}`, offered in the message box ("/" at the start of the box). Who may
 * change what is decided here, once, for the server (which enforces it) and the screens (which
 * disable what the person may not do and say why).
 */
import { z } from 'zod';
import { isOrgManagerRole, type Role } from './auth';
import { wireId } from './wire';

/** 'org': everyone in the organisation sees it, owners and admins change it. 'personal': only its owner. */
export type TemplateScope = 'org' | 'personal';
export const TEMPLATE_SCOPES = ['org', 'personal'] as const satisfies readonly TemplateScope[];

export const TEMPLATE_TITLE_MAX = 120;
export const TEMPLATE_BODY_MAX = 8_000;
/** Most variables one template may ask for (each is a field to fill in). */
export const TEMPLATE_VARIABLES_MAX = 12;
/** Templates one person may see at once is unbounded in principle; the list answers at most this many. */
export const TEMPLATE_LIST_LIMIT = 500;

export interface PromptTemplateDto {
  id: string;
  scope: TemplateScope;
  title: string;
  body: string;
  /** Agents it is offered to; empty: every agent. */
  agent_slugs: string[];
  /** The `{{names}}` in the body, in order of first appearance. */
  variables: string[];
  /** Whether the caller may change or delete it (the rule below). */
  editable: boolean;
  created_at: string;
  updated_at: string;
}

export const promptTemplateSchema = z.object({
  id: wireId,
  scope: z.enum(TEMPLATE_SCOPES),
  title: z.string(),
  body: z.string(),
  agent_slugs: z.array(z.string()),
  variables: z.array(z.string()),
  editable: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
}) satisfies z.ZodType<PromptTemplateDto>;

export const promptTemplateListSchema = z.object({ templates: z.array(promptTemplateSchema) });

/** `{{ audience }}`: letters, digits, spaces, underscores and hyphens, up to 40 characters. */
const VARIABLE = /\{\{\s*([A-Za-z][\w -]{0,39}?)\s*\}\}/g;

/** The variable names of a template body, in order of first appearance (case kept, compared without case). */
export function templateVariables(body: string): string[] {
  const seen = new Map<string, string>();
  for (const match of body.matchAll(VARIABLE)) {
    const name = match[1]!.trim();
    if (!seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name);
  }
  return [...seen.values()];
}

/** The body with each `{{name}}` replaced by its value; a variable left blank keeps its placeholder. */
export function fillTemplate(body: string, values: Readonly<Record<string, string>>): string {
  const byName = new Map(Object.entries(values).map(([name, value]) => [name.toLowerCase(), value]));
  return body.replace(VARIABLE, (placeholder, name: string) => {
    const value = byName.get(name.trim().toLowerCase())?.trim();
    return value ? value : placeholder;
  });
}

const title = z
  .string({ error: 'Give the template a title.' })
  .trim()
  .min(1, 'Give the template a title.')
  .max(TEMPLATE_TITLE_MAX, `A title has at most ${TEMPLATE_TITLE_MAX} characters.`);
const body = z
  .string({ error: 'Write the prompt.' })
  .trim()
  .min(1, 'Write the prompt.')
  .max(TEMPLATE_BODY_MAX, 'A prompt has at most 8,000 characters.')
  .refine((text) => templateVariables(text).length <= TEMPLATE_VARIABLES_MAX, `A prompt asks for at most ${TEMPLATE_VARIABLES_MAX} variables.`);
const agentSlugs = z.array(z.string().min(1).max(64)).max(20);

/** POST /prompt-templates */
export const createTemplateSchema = z.object({
  scope: z.enum(TEMPLATE_SCOPES),
  title,
  body,
  agent_slugs: agentSlugs.default([]),
});
/** PATCH /prompt-templates/{id}: any subset; the scope is fixed when the template is made. */
export const updateTemplateSchema = z.object({ title: title.optional(), body: body.optional(), agent_slugs: agentSlugs.optional() });

export type CreateTemplatePayload = z.input<typeof createTemplateSchema>;
export type UpdateTemplatePayload = z.input<typeof updateTemplateSchema>;

export const ORG_TEMPLATE_MANAGERS_ONLY =
  "Only organisation owners and admins can add or change the organisation's templates. Save it under My templates instead.";

/**
 * Why `actor` may not create or change a template of `scope` owned by `ownerId`, or null when
 * they may: the organisation's templates are the owners' and admins'; a personal one its owner's.
 * (Someone else's personal template is never shown, so it answers as unknown instead.)
 */
export function editTemplateBlockedReason(actor: { id: string; role: Role }, scope: TemplateScope, ownerId: string | null): string | null {
  if (scope === 'org') return isOrgManagerRole(actor.role) ? null : ORG_TEMPLATE_MANAGERS_ONLY;
  return ownerId === actor.id ? null : 'Only its owner can change a personal template.';
}

/** Whether a template is offered to an agent (none listed: every agent). */
export function templateOffersAgent(template: Pick<PromptTemplateDto, 'agent_slugs'>, slug: string): boolean {
  return template.agent_slugs.length === 0 || template.agent_slugs.includes(slug);
}
