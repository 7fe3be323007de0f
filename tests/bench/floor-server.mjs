// The read path's floor for `npm run bench:read-path`: the least any server can do to answer
// GET /me and GET /spaces/ correctly. Fastify without plugins, logging or schemas; the same JWT
// checks as the real server (jose, HS256, issuer, audience, expiry) with the same secret; the same
// SQL through a node-postgres pool of the same size (10). Whatever the real server spends beyond
// this is the price of its own stack. Env: PORT, DATABASE_URL, JWT_SECRET.
import Fastify from 'fastify';
import { jwtVerify } from 'jose';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
// Imported once, as the real server does (services/access-tokens.ts).
const secret = await crypto.subtle.importKey('raw', new TextEncoder().encode(process.env.JWT_SECRET), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
const USER_SQL =
  'select "id", "email", "name", "password_hash", "role", "org_id", "created_at", "disabled" from "users" where "users"."id" = $1 limit $2';
const SPACES_SQL =
  'select "id", "org_id", "name", "slug", "description", "is_default", "created_at" from "spaces" where "spaces"."org_id" = $1 ' +
  'order by "spaces"."is_default" desc, "spaces"."name" asc, "spaces"."id" asc limit $2';
/** The first page, as the server reads it (SPACES_PAGE_DEFAULT and one more, to know if more follow). */
const SPACES_PAGE = 100;

async function caller(request, reply) {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  try {
    const { payload } = await jwtVerify(match?.[1] ?? '', secret, { algorithms: ['HS256'], issuer: 'mosaic', audience: 'mosaic-api', requiredClaims: ['sub', 'exp'] });
    const { rows } = await pool.query(USER_SQL, [payload.sub, 1]);
    if (rows[0] && !rows[0].disabled) return rows[0];
  } catch {
    // falls through to 401
  }
  reply.code(401).send({ detail: 'Not authenticated' });
  return undefined;
}

const app = Fastify({ logger: false });
app.get('/api/v1/me', async (request, reply) => {
  const user = await caller(request, reply);
  if (!user) return reply;
  return { id: user.id, email: user.email, name: user.name, role: user.role, org_id: user.org_id };
});
app.get('/api/v1/spaces/', async (request, reply) => {
  const user = await caller(request, reply);
  if (!user) return reply;
  const { rows } = await pool.query(SPACES_SQL, [user.org_id, SPACES_PAGE + 1]);
  const data = rows.slice(0, SPACES_PAGE).map((row) => ({
    id: row.id,
    org_id: row.org_id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    is_default: row.is_default,
    created_at: row.created_at.toISOString(),
  }));
  // The answer's shape as the server's (a page: the spec's "object with data").
  return { data, next_cursor: null };
});
app.get('/api/v1/health', async () => ({ status: 'ok' }));

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => pool.end()).then(() => process.exit(0)));
