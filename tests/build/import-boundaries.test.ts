/**
 * The import boundaries of eslint.config.js, run through ESLint itself on small sources: the client
 * and the server meet only in src/contract/, the contract imports nothing but zod, and each
 * infrastructure library is imported only by the module that wraps it. Every forbidden case is
 * paired with the allowed one next to it, so a rule that forbids everything fails too.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root, overrideConfigFile: `${root}eslint.config.js` });

/** The boundary messages ESLint gives `import { x } from '<from>'` written in `file`. */
async function boundaryErrors(file: string, from: string): Promise<string[]> {
  const source = `import { x } from '${from}';\nexport const y = x;\n`;
  const [result] = await eslint.lintText(source, { filePath: `${root}${file}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

type Case = [file: string, from: string, message: string];

const FORBIDDEN: Case[] = [
  ['server/src/routes/me.routes.ts', '../../../src/features/auth/auth.store', 'The server imports nothing of the client'],
  ['server/src/services/users.service.ts', '../../../src/lib/dates', 'The server imports nothing of the client'],
  ['tests/server/users.test.ts', '../../src/features/auth/auth.store', 'The server imports nothing of the client'],
  ['src/features/agents/chat.store.ts', '../../../server/src/services/billing', 'never import server code'],
  ['sw/routing-table.ts', '../server/src/app', 'never import server code'],
  ['tests/web/agents/chat.test.ts', '../../../server/src/app', 'never import server code'],
  ['src/contract/auth.ts', '../api', 'imports only zod and its own files'],
  ['src/contract/auth.ts', 'react', 'imports only zod and its own files'],
  ['src/features/billing/billing.store.ts', '../../vite-plugins/boot-splash', 'src/vite-plugins/ holds the build steps'],
  ['src/features/billing/billing.store.ts', 'dexie', 'dexie is wrapped by src/db/'],
  ['sw/sw.ts', 'dexie', 'dexie is wrapped by src/db/'],
  ['src/features/billing/billing.api.ts', 'wretch', 'wretch is wrapped by src/api/'],
  ['server/src/services/users.service.ts', 'pg', 'pg and PGlite are wrapped by server/src/db/'],
  ['server/src/routes/health.routes.ts', '@electric-sql/pglite', 'pg and PGlite are wrapped by server/src/db/'],
  ['server/src/services/knowledge/jobs.ts', 'pg-boss', 'pg-boss is wrapped by server/src/jobs/'],
  ['server/src/services/agents/runner.ts', 'ai', 'The AI SDK is wrapped by server/src/llm/'],
  ['server/src/routes/agents/chat.routes.ts', '@ai-sdk/openai', 'The AI SDK is wrapped by server/src/llm/'],
  ['server/src/routes/agents/chat.routes.ts', 'drizzle-orm', 'drizzle-orm queries belong in server/src/db/'],
  ['server/src/jobs/knowledge-jobs.ts', 'drizzle-orm', 'drizzle-orm queries belong in server/src/db/'],
];

const ALLOWED: Array<[file: string, from: string]> = [
  ['server/src/routes/me.routes.ts', '../../../src/contract/auth'],
  ['tests/server/users.test.ts', '../../src/contract/auth'],
  ['tests/server/users.test.ts', 'drizzle-orm'],
  ['src/features/agents/chat.store.ts', '../../contract/chat'],
  ['src/contract/auth.ts', 'zod'],
  ['src/contract/knowledge.ts', './auth'],
  ['src/db/database.ts', 'dexie'],
  ['src/api/client.ts', 'wretch'],
  ['server/src/db/database.ts', 'pg'],
  ['server/src/db/pglite.ts', '@electric-sql/pglite'],
  ['server/src/jobs/queue.ts', 'pg-boss'],
  ['server/src/llm/generate.ts', 'ai'],
  ['server/src/llm/language-model.ts', '@ai-sdk/openai'],
  ['server/src/services/users.service.ts', 'drizzle-orm'],
  ['server/src/db/schema/users.ts', 'drizzle-orm'],
  ['server/src/storage/upload-tokens.ts', 'drizzle-orm'],
];

describe('import boundaries (eslint.config.js)', () => {
  it.each(FORBIDDEN)('%s may not import %s', async (file, from, message) => {
    const errors = await boundaryErrors(file, from);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(message);
  });

  it.each(ALLOWED)('%s may import %s', async (file, from) => {
    expect(await boundaryErrors(file, from)).toEqual([]);
  });
});
