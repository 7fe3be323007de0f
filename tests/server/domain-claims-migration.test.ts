/**
 * Migration "domain-claims" on data written before it (docs/sso.md "Domains claimed before
 * verification existed"): a single sign-on domain no other organisation uses stays verified; one
 * another organisation also uses waits for a platform admin, naming that organisation; domains
 * organisations merely registered with claim nothing. The migrations are applied as drizzle
 * applies them, up to the one before, then rows are written as the old code wrote them, then it.
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

const org = (n: number) => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;

describe('migration: domain claims', () => {
  let db: PGlite;
  let claimsTag: string;

  beforeAll(async () => {
    db = new PGlite({ extensions: { vector } });
    const journal = JSON.parse(await readFile(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as Journal;
    // Found by name: its number moves when migrations of other work land before it.
    const claims = journal.entries.find((entry) => entry.tag.endsWith('_domain-claims'))!;
    claimsTag = claims.tag;
    for (const entry of journal.entries.filter((each) => each.idx < claims.idx)) {
      for (const statement of await statementsOf(entry.tag)) await db.exec(statement);
    }
  });
  afterAll(() => db.close());

  it('keeps sole single sign-on domains verified and sends shared ones to review', async () => {
    const organisation = (n: number, name: string, domain: string | null, minute: number) =>
      db.query(`insert into organizations (id, name, email_domain, created_at) values ($1, $2, $3, $4)`, [org(n), name, domain, `2026-01-01T10:${String(minute).padStart(2, '0')}:00Z`]);
    const provider = (n: number, domain: string) =>
      db.query(`insert into org_sso_providers (org_id, provider_name, issuer, client_id, client_secret_sealed, email_domain) values ($1, 'Okta', 'https://id.example', 'client', 'sealed', $2)`, [org(n), domain]);
    await organisation(1, 'Sole Ltd', 'gmail.com', 1); // SSO for sole.example, registered with a public address
    await organisation(2, 'Own Domain Ltd', 'own.example', 2); // SSO for its own registration domain
    await organisation(3, 'Squat Ltd', 'squat.example', 3); // SSO for shared.example
    await organisation(4, 'Shared Corp', 'shared.example', 4); // registered with shared.example, no SSO
    await organisation(5, 'Registered Only', 'registered.example', 5); // no SSO at all
    await provider(1, 'sole.example');
    await provider(2, 'own.example');
    await provider(3, 'shared.example');

    for (const statement of await statementsOf(claimsTag)) await db.exec(statement);

    const rows = (
      await db.query<{ org_id: string; domain: string; status: string; verification_method: string | null; review_reason: string | null; conflict_org_id: string | null; verified: boolean; token: string }>(
        `select org_id, domain, status, verification_method, review_reason, conflict_org_id, verified_at is not null as verified, verification_token as token
           from org_domain_claims order by org_id`,
      )
    ).rows;
    expect(rows.map(({ token: _token, ...row }) => row)).toEqual([
      { org_id: org(1), domain: 'sole.example', status: 'verified', verification_method: 'migration', review_reason: null, conflict_org_id: null, verified: true },
      { org_id: org(2), domain: 'own.example', status: 'verified', verification_method: 'migration', review_reason: null, conflict_org_id: null, verified: true },
      { org_id: org(3), domain: 'shared.example', status: 'pending_review', verification_method: null, review_reason: 'migration', conflict_org_id: org(4), verified: false },
    ]);
    // Each claim can still be proved by DNS: its own token.
    expect(new Set(rows.map((row) => row.token)).size).toBe(3);
    for (const row of rows) expect(row.token).toMatch(/^[0-9a-f]{32}$/);
    // The domain no longer belongs to whoever typed it first: a second organisation may name it.
    await db.query(`insert into org_sso_providers (org_id, provider_name, issuer, client_id, client_secret_sealed, email_domain) values ($1, 'Entra', 'https://login.example', 'c', 's', 'shared.example')`, [org(4)]);
  });
});
