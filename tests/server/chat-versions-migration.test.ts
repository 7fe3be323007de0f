/**
 * Migration 0014 (chat versions) on chats written before it: every message gets the message it
 * follows, and a reply that a regeneration had replaced (hidden until then) becomes an earlier
 * version of the reply that replaced it. The migrations are applied as drizzle applies them, up
 * to the one before it, then rows are written as the old code wrote them, then it.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../server/src/db/database';

interface Journal {
  entries: { idx: number; tag: string }[];
}

async function statementsOf(tag: string): Promise<string[]> {
  const text = await readFile(path.join(MIGRATIONS_FOLDER, `${tag}.sql`), 'utf8');
  return text.split('--> statement-breakpoint').map((statement) => statement.trim()).filter(Boolean);
}

describe('migration 0014: chat versions', () => {
  let db: PGlite;
  let versionsTag: string;

  beforeAll(async () => {
    db = new PGlite({ extensions: { vector } });
    const journal = JSON.parse(await readFile(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as Journal;
    // Found by name: its number moves when migrations of other work land before it.
    const versions = journal.entries.find((entry) => entry.tag.endsWith('_chat-versions-and-outbox'))!;
    versionsTag = versions.tag;
    for (const entry of journal.entries.filter((each) => each.idx < versions.idx)) {
      for (const statement of await statementsOf(entry.tag)) await db.exec(statement);
    }
  });
  afterAll(() => db.close());

  it('links every message to the one it follows; a replaced reply becomes an earlier version', async () => {
    // Only the chat tables matter here: the organisation, space and user rows they point at are left out.
    await db.exec(`set session_replication_role = replica`);
    const ids = { org: '00000000-0000-4000-8000-000000000001', space: '00000000-0000-4000-8000-000000000002', session: '00000000-0000-4000-8000-000000000003' };
    const m = (n: number) => `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`;
    const r = (n: number) => `00000000-0000-4000-8000-0000000002${String(n).padStart(2, '0')}`;
    await db.query(`insert into chat_sessions (id, org_id, space_id, agent_slug, title) values ($1, $2, $3, 'seo', 'Old chat')`, [ids.session, ids.org, ids.space]);
    const message = (id: string, role: string, content: string, minute: number, run: string | null, supersededBy: string | null = null) =>
      db.query(
        `insert into chat_messages (id, session_id, space_id, role, content, run_id, superseded_by, created_at) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [id, ids.session, ids.space, role, content, run, supersededBy, `2026-01-01T10:${String(minute).padStart(2, '0')}:00Z`],
      );
    const run = (id: string, userMessage: string, reply: string | null, replaces: string | null = null) =>
      db.query(
        `insert into agent_runs (id, org_id, space_id, session_id, agent_slug, user_message_id, reply_message_id, replaces_message_id, mode, request, status)
         values ($1, $2, $3, $4, 'seo', $5, $6, $7, 'normal', '{}', 'succeeded')`,
        [id, ids.org, ids.space, ids.session, userMessage, reply, replaces],
      );
    // Q1 → A1, regenerated as A1b (which hid A1), then Q2 → A2: shown as Q1, A1b, Q2, A2.
    await message(m(1), 'user', 'Q1', 0, null);
    await message(m(2), 'assistant', 'A1', 1, r(1), m(4));
    await message(m(4), 'assistant', 'A1b', 2, r(3));
    await message(m(3), 'user', 'Q2', 3, null);
    await message(m(5), 'assistant', 'A2', 4, r(2));
    await run(r(1), m(1), m(2));
    await run(r(2), m(3), m(5));
    await run(r(3), m(1), m(4), m(2));
    await db.exec(`set session_replication_role = origin`);

    for (const statement of await statementsOf(versionsTag)) await db.exec(statement);

    const rows = (await db.query<{ content: string; parent: string | null }>(
      `select m.content, p.content as parent from chat_messages m left join chat_messages p on p.id = m.parent_id order by m.created_at`,
    )).rows;
    expect(rows).toEqual([
      { content: 'Q1', parent: null },
      { content: 'A1', parent: 'Q1' },
      { content: 'A1b', parent: 'Q1' },
      { content: 'Q2', parent: 'A1b' },
      { content: 'A2', parent: 'Q2' },
    ]);
    const columns = (await db.query<{ column_name: string }>(`select column_name from information_schema.columns where table_name = 'chat_messages'`)).rows.map((row) => row.column_name);
    expect(columns).toContain('parent_id');
    expect(columns).not.toContain('superseded_by');
  });
});
