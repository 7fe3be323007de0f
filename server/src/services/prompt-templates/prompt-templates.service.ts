/**
 * The organisation's prompt templates (docs/agents.md "Prompt templates"; rules in
 * src/contract/prompt-templates.ts). A person sees the organisation's templates and their own;
 * another person's personal template answers as unknown (404), like another organisation's.
 */
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Role } from '../../../../src/contract/auth';
import {
  TEMPLATE_LIST_LIMIT,
  editTemplateBlockedReason,
  templateVariables,
  type CreateTemplatePayload,
  type PromptTemplateDto,
  type TemplateScope,
  type UpdateTemplatePayload,
} from '../../../../src/contract/prompt-templates';
import { AGENT_SLUGS } from '../../agents/types';
import type { Db, DbExecutor } from '../../db/database';
import { promptTemplates, type PromptTemplateRow } from '../../db/schema/index';
import { AppError, MESSAGES, forbidden, notFound } from '../../errors';

export interface TemplateActor {
  userId: string;
  role: Role;
  orgId: string;
}

export const TEMPLATE_NOT_FOUND = 'Template not found';

function toDto(row: PromptTemplateRow, actor: TemplateActor): PromptTemplateDto {
  return {
    id: row.id,
    scope: row.scope,
    title: row.title,
    body: row.body,
    agent_slugs: row.agentSlugs,
    variables: templateVariables(row.body),
    editable: editTemplateBlockedReason({ id: actor.userId, role: actor.role }, row.scope, row.ownerId) === null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Only agents this server has: a typo would hide the template from every agent. */
function checkedSlugs(slugs: readonly string[]): string[] {
  const unknown = slugs.filter((slug) => !(AGENT_SLUGS as readonly string[]).includes(slug));
  if (unknown.length > 0) {
    throw new AppError(422, MESSAGES.validation, 'VALIDATION_ERROR', [{ field: 'agent_slugs', message: `Unknown agent: ${unknown.join(', ')}` }]);
  }
  return [...new Set(slugs)];
}

const visibleTo = (actor: TemplateActor) =>
  and(eq(promptTemplates.orgId, actor.orgId), or(eq(promptTemplates.scope, 'org'), eq(promptTemplates.ownerId, actor.userId)));

/** The organisation's templates, then the caller's own, each by title. */
export async function listTemplates(db: DbExecutor, actor: TemplateActor): Promise<PromptTemplateDto[]> {
  const rows = await db
    .select()
    .from(promptTemplates)
    .where(visibleTo(actor))
    .orderBy(asc(promptTemplates.scope), asc(sql`lower(${promptTemplates.title})`), asc(promptTemplates.id))
    .limit(TEMPLATE_LIST_LIMIT);
  return rows.map((row) => toDto(row, actor));
}

async function requireVisible(db: DbExecutor, actor: TemplateActor, id: string): Promise<PromptTemplateRow> {
  const [row] = await db.select().from(promptTemplates).where(and(eq(promptTemplates.id, id), visibleTo(actor)));
  if (!row) throw notFound(TEMPLATE_NOT_FOUND);
  return row;
}

function requireMayEdit(actor: TemplateActor, scope: TemplateScope, ownerId: string | null): void {
  const blocked = editTemplateBlockedReason({ id: actor.userId, role: actor.role }, scope, ownerId);
  if (blocked) throw forbidden(blocked);
}

export async function createTemplate(db: DbExecutor, actor: TemplateActor, input: Required<CreateTemplatePayload>): Promise<PromptTemplateDto> {
  const ownerId = input.scope === 'personal' ? actor.userId : null;
  requireMayEdit(actor, input.scope, ownerId);
  const [row] = await db
    .insert(promptTemplates)
    .values({ orgId: actor.orgId, scope: input.scope, ownerId, title: input.title, body: input.body, agentSlugs: checkedSlugs(input.agent_slugs), createdBy: actor.userId })
    .returning();
  return toDto(row!, actor);
}

export async function updateTemplate(db: Db, actor: TemplateActor, id: string, changes: UpdateTemplatePayload): Promise<PromptTemplateDto> {
  const existing = await requireVisible(db, actor, id);
  requireMayEdit(actor, existing.scope, existing.ownerId);
  const [row] = await db
    .update(promptTemplates)
    .set({
      ...(changes.title !== undefined ? { title: changes.title } : {}),
      ...(changes.body !== undefined ? { body: changes.body } : {}),
      ...(changes.agent_slugs !== undefined ? { agentSlugs: checkedSlugs(changes.agent_slugs) } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(promptTemplates.id, existing.id))
    .returning();
  if (!row) throw notFound(TEMPLATE_NOT_FOUND);
  return toDto(row, actor);
}

export async function deleteTemplate(db: DbExecutor, actor: TemplateActor, id: string): Promise<void> {
  const existing = await requireVisible(db, actor, id);
  requireMayEdit(actor, existing.scope, existing.ownerId);
  await db.delete(promptTemplates).where(eq(promptTemplates.id, existing.id));
}
