/**
 * Seeds the scale bench's database (docs/scale.md) with set-based SQL: each table is one or two
 * `INSERT … SELECT … FROM generate_series(…)` statements, so a million rows cost one round trip.
 * Ids are derived from the row's number (`pg_temp.seed_id('chat:42')`), so a message can name its chat,
 * its space and its parent without a lookup. Every table's secondary indexes are dropped for the
 * load and built again afterwards from their own definitions (a bulk load's usual order: building
 * a GIN index once is far cheaper than keeping it up to date row by row), then everything is
 * analysed, as autovacuum would have done on a database that grew over months.
 */
import type pg from 'pg';

export interface SeedCounts {
  organizations: number;
  users: number;
  spaces: number;
  chats: number;
  messages: number;
  documents: number;
  passages: number;
  transactions: number;
  auditEvents: number;
  assets: number;
}

/** Messages of the one long chat, at every scale: opening it is one of the measured pages. */
export const LONG_CHAT_MESSAGES = 5_000;

export function countsFor(scale: number): SeedCounts {
  const of = (full: number) => Math.max(1, Math.round(full * scale));
  return {
    organizations: of(1_000),
    users: of(10_000),
    spaces: of(5_000),
    chats: of(100_000),
    messages: Math.max(of(1_000_000), LONG_CHAT_MESSAGES * 2),
    documents: of(100_000),
    passages: of(1_000_000),
    transactions: of(200_000),
    auditEvents: of(100_000),
    assets: of(50_000),
  };
}

export interface SeedTiming {
  table: string;
  rows: number;
  seconds: number;
}

/**
 * `$1`…`$10` in the statements below are the counts, in this order (written into the SQL as
 * numbers); `$11` is the password hash (sent as a parameter). Who is who, all derived from numbers:
 * organisation o's owner is user o, its admin user o + ORGS, its members the rest; space s belongs
 * to organisation s % ORGS and is its default when s < ORGS; chat c lives in space c % SPACES.
 * Chat 0 is the long one.
 */
const PARAMETERS = (counts: SeedCounts) => [
  counts.organizations,
  counts.users,
  counts.spaces,
  counts.chats,
  counts.messages,
  counts.documents,
  counts.passages,
  counts.transactions,
  counts.auditEvents,
  counts.assets,
];

/**
 * Marketing words, so that full-text search finds realistic shares of the rows: "campaign" is in
 * about one text in twelve, rarer words in fewer.
 */
const WORDS = [
  'campaign', 'launch', 'brand', 'audience', 'newsletter', 'conversion', 'funnel', 'headline', 'landing', 'page',
  'email', 'subject', 'line', 'social', 'post', 'retention', 'pricing', 'offer', 'spring', 'summer',
  'autumn', 'winter', 'product', 'feature', 'customer', 'story', 'voice', 'tone', 'keyword', 'search',
  'ranking', 'organic', 'paid', 'budget', 'report', 'quarter', 'growth', 'churn', 'webinar', 'event',
  'partner', 'influencer', 'video', 'banner', 'creative', 'copy', 'draft', 'review', 'strategy', 'persona',
  'segment', 'journey', 'onboarding', 'loyalty', 'referral', 'discount', 'bundle', 'release', 'roadmap', 'metric',
  'click', 'open', 'rate', 'bounce', 'session', 'traffic', 'blog', 'article', 'guide', 'checklist',
  'analytics', 'dashboard', 'insight', 'trend', 'competitor', 'benchmark', 'message', 'positioning', 'value', 'proposition',
];

/** A temporary table of 4,000 sentences of 8–20 words; rows pick theirs by number (cheap, varied). */
const SENTENCES = `
  CREATE TEMP TABLE seed_sentences AS
  SELECT n AS id,
         (SELECT string_agg(w.words[1 + floor(random() * array_length(w.words, 1))::int], ' ')
            FROM generate_series(1, 8 + (n % 13)) AS g(i), (SELECT $1::text[] AS words) AS w
           WHERE g.i > 0 AND n >= 0) AS text
  FROM generate_series(0, 3999) AS n;
  CREATE UNIQUE INDEX ON seed_sentences (id);`;

/**
 * A row's id from its key ('chat:42'): the key's MD5 shaped as a version-4 UUID (the API refuses
 * other UUIDs as ids). scale-endpoints.ts computes the same ids.
 */
const SEED_ID = `CREATE FUNCTION pg_temp.seed_id(key text) RETURNS uuid LANGUAGE sql IMMUTABLE
  AS $$ SELECT overlay(overlay(md5(key) placing '4' from 13) placing '8' from 17)::uuid $$`;

/** The sentence of number `expr` (any integer expression). */
const sentence = (expr: string) => `(SELECT text FROM seed_sentences WHERE id = ((${expr}) % 4000))`;

interface Step {
  table: string;
  rows: (counts: SeedCounts) => number;
  sql: string;
}

const ORG = (space: string) => `((${space}) % $1)`;

const STEPS: Step[] = [
  {
    table: 'organizations',
    rows: (c) => c.organizations,
    sql: `INSERT INTO organizations (id, name, email_domain, created_at)
          SELECT pg_temp.seed_id('org:' || o), 'Organisation ' || o, 'org' || o || '.example.com', now() - (o % 700) * interval '1 day'
          FROM generate_series(0, $1 - 1) AS o`,
  },
  {
    table: 'plans, credit_accounts',
    rows: (c) => c.organizations * 2,
    sql: `INSERT INTO plans (org_id, type, name, started_at, expires_at, is_active)
          SELECT pg_temp.seed_id('org:' || o), 'pro', 'Pro', now() - interval '20 days', NULL, true FROM generate_series(0, $1 - 1) AS o;
          INSERT INTO credit_accounts (org_id, total, used, reset_date)
          SELECT pg_temp.seed_id('org:' || o), 100000, 5000, now() + interval '10 days' FROM generate_series(0, $1 - 1) AS o`,
  },
  {
    table: 'users',
    rows: (c) => c.users,
    // $11: one real argon2 hash of the bench's password, shared by every account.
    sql: `INSERT INTO users (id, email, name, password_hash, role, org_id, created_at)
          SELECT pg_temp.seed_id('user:' || u), 'person' || u || '@org' || ${ORG('u')} || '.example.com',
                 (ARRAY['Ada','Grace','Alan','Edsger','Barbara','Ken','Frances','Tim'])[1 + u % 8] || ' ' ||
                 (ARRAY['Lovelace','Hopper','Turing','Dijkstra','Liskov','Thompson','Allen','Berners-Lee'])[1 + (u / 8) % 8] || ' ' || u,
                 $11, CASE WHEN u < $1 THEN 'org_owner' WHEN u < 2 * $1 THEN 'org_admin' ELSE 'org_member' END::user_role,
                 pg_temp.seed_id('org:' || ${ORG('u')}), now() - (u % 600) * interval '1 day'
          FROM generate_series(0, $2 - 1) AS u`,
  },
  {
    table: 'spaces',
    rows: (c) => c.spaces,
    sql: `INSERT INTO spaces (id, org_id, name, slug, is_default, created_at)
          SELECT pg_temp.seed_id('space:' || s), pg_temp.seed_id('org:' || ${ORG('s')}),
                 CASE WHEN s < $1 THEN 'General' ELSE 'Space ' || s END,
                 CASE WHEN s < $1 THEN 'general' ELSE 'space-' || s END, s < $1, now() - (s % 500) * interval '1 day'
          FROM generate_series(0, $3 - 1) AS s`,
  },
  {
    table: 'chat_sessions',
    rows: (c) => c.chats,
    // Chat c: space c % SPACES, started by one of its organisation's ten first people.
    sql: `INSERT INTO chat_sessions (id, org_id, space_id, user_id, agent_slug, title, created_at, updated_at)
          SELECT pg_temp.seed_id('chat:' || c), pg_temp.seed_id('org:' || ${ORG('c % $3')}), pg_temp.seed_id('space:' || (c % $3)),
                 pg_temp.seed_id('user:' || (${ORG('c % $3')} + $1 * ((c / $3) % 10))),
                 (ARRAY['brand-voice','strategy-review','seo','cmo','email','creative'])[1 + c % 6],
                 left(${sentence('c * 7')}, 60),
                 now() - (c % 525600) * interval '1 minute' - interval '1 day',
                 now() - (c % 525600) * interval '1 minute'
          FROM generate_series(0, $4 - 1) AS c`,
  },
  {
    table: 'chat_messages',
    rows: (c) => c.messages,
    // The long chat (chat 0) first: message k follows k - 1. Then the rest, dealt round-robin to
    // chats 1…CHATS-1: message n is number n / (CHATS - 1) of chat 1 + n % (CHATS - 1).
    sql: `INSERT INTO chat_messages (id, session_id, space_id, role, content, parent_id, engine, created_at)
          SELECT pg_temp.seed_id('long:' || k), pg_temp.seed_id('chat:0'), pg_temp.seed_id('space:0'),
                 CASE WHEN k % 2 = 0 THEN 'user' ELSE 'assistant' END, ${sentence('k * 13')} || ' ' || ${sentence('k * 17 + 1')},
                 CASE WHEN k = 0 THEN NULL ELSE pg_temp.seed_id('long:' || (k - 1)) END,
                 CASE WHEN k % 2 = 1 THEN 'offline/mosaic-offline-1' END,
                 now() - interval '2 days' + k * interval '1 second'
          FROM generate_series(0, ${LONG_CHAT_MESSAGES} - 1) AS k;
          INSERT INTO chat_messages (id, session_id, space_id, role, content, parent_id, engine, created_at)
          SELECT pg_temp.seed_id('msg:' || n), pg_temp.seed_id('chat:' || chat), pg_temp.seed_id('space:' || (chat % $3)),
                 CASE WHEN ordinal % 2 = 0 THEN 'user' ELSE 'assistant' END,
                 ${sentence('n * 13')} || ' ' || ${sentence('n * 17 + 1')},
                 CASE WHEN ordinal = 0 THEN NULL ELSE pg_temp.seed_id('msg:' || (n - ($4 - 1))) END,
                 CASE WHEN ordinal % 2 = 1 THEN 'offline/mosaic-offline-1' END,
                 now() - (chat % 525600) * interval '1 minute' - interval '1 day' + ordinal * interval '1 minute'
          FROM (SELECT n, 1 + n % ($4 - 1) AS chat, n / ($4 - 1) AS ordinal
                FROM generate_series(0, $5 - ${LONG_CHAT_MESSAGES} - 1) AS n) AS m`,
  },
  {
    table: 'kb_documents',
    rows: (c) => c.documents,
    sql: `INSERT INTO kb_documents (id, space_id, uploaded_by, filename, mime_type, size_bytes, hash, object_path, status,
                                    category, passage_count, created_at, updated_at)
          SELECT pg_temp.seed_id('doc:' || d), pg_temp.seed_id('space:' || (d % $3)), pg_temp.seed_id('user:' || ${ORG('d % $3')}),
                 (ARRAY['brand-guide','pricing','persona','campaign-brief','press-release'])[1 + d % 5] || '-' || d || '.pdf',
                 'application/pdf', 20000 + d % 500000, md5('doc:' || d) || md5('doc-hash:' || d),
                 'spaces/' || pg_temp.seed_id('space:' || (d % $3)) || '/documents/' || pg_temp.seed_id('doc:' || d), 'ready',
                 (ARRAY['Brand','Product','Audience','Campaigns','Other'])[1 + d % 5], $7 / $6,
                 now() - (d % 400) * interval '1 day', now() - (d % 400) * interval '1 day'
          FROM generate_series(0, $6 - 1) AS d`,
  },
  {
    table: 'kb_passages',
    rows: (c) => c.passages,
    sql: `INSERT INTO kb_passages (document_id, space_id, ordinal, content)
          SELECT pg_temp.seed_id('doc:' || (p % $6)), pg_temp.seed_id('space:' || ((p % $6) % $3)), p / $6,
                 ${sentence('p * 11')} || ' ' || ${sentence('p * 19 + 2')} || ' ' || ${sentence('p * 23 + 3')}
          FROM generate_series(0, $7 - 1) AS p`,
  },
  {
    table: 'credit_transactions',
    rows: (c) => c.transactions,
    sql: `INSERT INTO credit_transactions (org_id, space_id, user_id, transaction_type, credits, base_credits, feature, activity,
                                           agent_name, mode, balance_after, created_at)
          SELECT pg_temp.seed_id('org:' || ${ORG('t')}), pg_temp.seed_id('space:' || ${ORG('t')}), pg_temp.seed_id('user:' || ${ORG('t')}),
                 CASE WHEN t % 20 = 0 THEN 'grant' ELSE 'debit' END::credit_transaction_type,
                 CASE WHEN t % 20 = 0 THEN 3000 ELSE 1 + t % 12 END, CASE WHEN t % 20 = 0 THEN 3000 ELSE 1 + t % 4 END,
                 (ARRAY['chat','chat','chat','assets','agent_mode'])[1 + t % 5], 'Chat message',
                 (ARRAY['Brand Voice','SEO','CMO','Email','Creative'])[1 + t % 5], 'normal', 95000 - t % 5000,
                 now() - (t % 525600) * interval '1 minute'
          FROM generate_series(0, $8 - 1) AS t`,
  },
  {
    table: 'audit_events',
    rows: (c) => c.auditEvents,
    sql: `INSERT INTO audit_events (occurred_at, action, actor_user_id, actor_email, actor_role, org_id, target_type, target_id, ip_address)
          SELECT now() - (a % 525600) * interval '1 minute',
                 (ARRAY['auth.signed_in','auth.signed_out','spaces.created','brand_voice.updated','members.role_changed','credits.adjusted'])[1 + a % 6],
                 pg_temp.seed_id('user:' || (a % $2)), 'person' || (a % $2) || '@org' || ((a % $2) % $1) || '.example.com', 'org_member',
                 pg_temp.seed_id('org:' || ((a % $2) % $1)), 'user', pg_temp.seed_id('user:' || (a % $2))::text, '192.0.2.' || (a % 250)
          FROM generate_series(0, $9 - 1) AS a`,
  },
  {
    table: 'assets',
    rows: (c) => c.assets,
    sql: `INSERT INTO assets (space_id, created_by, name, kind, mime_type, size_bytes, hash, object_path, source, status, description, tags,
                              width, height, created_at, updated_at)
          SELECT pg_temp.seed_id('space:' || (x % $3)), pg_temp.seed_id('user:' || ${ORG('x % $3')}), 'hero-' || x || '.png', 'image', 'image/png',
                 50000 + x % 900000, md5('asset:' || x) || md5('asset-hash:' || x),
                 'spaces/' || pg_temp.seed_id('space:' || (x % $3)) || '/assets/' || x || '/hero.png', 'upload', 'ready',
                 ${sentence('x * 29')}, ARRAY[(ARRAY['spring','logo','social','hero','print'])[1 + x % 5]], 1200, 800,
                 now() - (x % 400) * interval '1 day', now() - (x % 400) * interval '1 day'
          FROM generate_series(0, $10 - 1) AS x`,
  },
];

/** Tables whose secondary indexes are dropped for the load and rebuilt after it. */
const BULK_TABLES = ['chat_sessions', 'chat_messages', 'kb_documents', 'kb_passages', 'credit_transactions', 'audit_events', 'assets'];

/**
 * Seeds everything and returns each step's time. `passwordHash` is one real hash of the bench's
 * password (computed once by the caller), so people can sign in through the API.
 */
export async function seed(client: pg.Client, counts: SeedCounts, passwordHash: string, log: (line: string) => void): Promise<SeedTiming[]> {
  const timings: SeedTiming[] = [];
  const timed = async (table: string, rows: number, work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    const seconds = (performance.now() - started) / 1000;
    timings.push({ table, rows, seconds });
    log(`  ${table}: ${rows.toLocaleString('en-GB')} rows in ${seconds.toFixed(1)} s`);
  };
  await client.query(SEED_ID);
  await client.query(SENTENCES.replace('$1::text[]', `ARRAY[${WORDS.map((word) => `'${word}'`).join(',')}]::text[]`));
  // Secondary indexes (not those behind primary keys and unique constraints) go for the load.
  const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
    `SELECT i.indexname, i.indexdef FROM pg_indexes i
      WHERE i.schemaname = 'public' AND i.tablename = ANY($1)
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [BULK_TABLES],
  );
  for (const index of indexes) await client.query(`DROP INDEX ${index.indexname}`);
  const numbers = PARAMETERS(counts);
  for (const step of STEPS) {
    await timed(step.table, step.rows(counts), async () => {
      for (const statement of step.sql.split(/;\s*\n/)) {
        const usesHash = statement.includes('$11');
        const text = statement.replace(/\$(\d+)/g, (_, index: string) => (index === '11' ? '$1' : String(numbers[Number(index) - 1])));
        await client.query(text, usesHash ? [passwordHash] : []);
      }
    });
  }
  // A platform admin to search users and read the audit log as.
  await client.query(
    `INSERT INTO users (id, email, name, password_hash, role, org_id) VALUES (pg_temp.seed_id('admin'), 'admin@platform.example.com', 'Platform Admin', $1, 'system_admin', NULL)`,
    [passwordHash],
  );
  await timed('indexes rebuilt', indexes.length, async () => {
    for (const index of indexes) await client.query(index.indexdef);
  });
  await timed('analyse', 0, () => client.query('VACUUM ANALYZE'));
  return timings;
}
