/**
 * The organisation's library of reusable prompts (docs/agents.md "Prompt templates"). A template
 * is either the organisation's (everyone sees it; owners and admins change it) or one person's
 * own (only they see and change it). `{{variable}}` placeholders are read from the body.
 */
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TemplateScope } from '../../../../src/contract/prompt-templates';
import { organizations } from './organizations';
import { users } from './users';

export const promptTemplates = pgTable(
  'prompt_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    scope: text('scope').$type<TemplateScope>().notNull(),
    /** For a personal template: whose it is (gone with their account). Null for the organisation's. */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** Agents it is offered to; empty: every agent. */
    agentSlugs: jsonb('agent_slugs').$type<string[]>().notNull().default([]),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('prompt_templates_org_idx').on(table.orgId, table.scope),
    check('prompt_templates_scope_check', sql`${table.scope} in ('org', 'personal')`),
    check('prompt_templates_owner_check', sql`(${table.scope} = 'org') = (${table.ownerId} is null)`),
  ],
);

export type PromptTemplateRow = typeof promptTemplates.$inferSelect;
