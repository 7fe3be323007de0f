import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/*
 * Import boundaries. ESLint applies only the last `no-restricted-imports` entry that matches a file
 * (a later one replaces an earlier one, it does not add to it), so the file sets below are disjoint
 * and each gets one rule listing every restriction that holds there. A restriction names the areas
 * it applies to; an infrastructure library applies everywhere except the one module that wraps it.
 */
const AREAS = {
  contract: { files: ['src/contract/**/*.ts'] },
  appDb: { files: ['src/db/**/*.{ts,tsx}'] },
  appApi: { files: ['src/api/**/*.{ts,tsx}'] },
  app: { files: ['src/**/*.{ts,tsx}'], ignores: ['src/contract/**', 'src/db/**', 'src/api/**', 'src/vite-plugins/**'] },
  sw: { files: ['sw/**/*.ts'] },
  serverDb: { files: ['server/src/db/**/*.ts'] },
  serverJobs: { files: ['server/src/jobs/**/*.ts'] },
  serverLlm: { files: ['server/src/llm/**/*.ts'] },
  serverServices: { files: ['server/src/services/**/*.ts'] },
  // Small stores that keep their own table next to the code that owns it, each a few queries:
  // the access-token check (plugins/auth.ts), the rate limiter's counters and the upload tokens.
  serverOwnTables: {
    files: [
      'server/src/plugins/auth.ts',
      'server/src/plugins/rate-limit-store.ts',
      'server/src/storage/upload-tokens.ts',
      'server/src/storage/consumed-upload-tokens.ts',
    ],
  },
  server: {
    files: ['server/**/*.ts'],
    ignores: [
      'server/src/db/**',
      'server/src/jobs/**',
      'server/src/llm/**',
      'server/src/services/**',
      'server/src/plugins/auth.ts',
      'server/src/plugins/rate-limit-store.ts',
      'server/src/storage/upload-tokens.ts',
      'server/src/storage/consumed-upload-tokens.ts',
    ],
  },
  webTests: { files: ['tests/web/**/*.{ts,tsx}', 'tests/sw/**/*.ts'] },
  serverTests: { files: ['tests/server/**/*.ts'] },
};
const APP = ['appDb', 'appApi', 'app'];
const SERVER = ['serverDb', 'serverJobs', 'serverLlm', 'serverServices', 'serverOwnTables', 'server'];
const SOURCE = ['contract', ...APP, 'sw', ...SERVER];
const except = (...allowed) => SOURCE.filter((area) => !allowed.includes(area));

const RESTRICTIONS = [
  {
    in: ['contract'],
    regex: '^(?!zod(/|$)|\\./)',
    message: 'src/contract/ is shared by the client and the server: it imports only zod and its own files.',
  },
  {
    in: [...APP, 'sw', 'webTests'],
    regex: '(^|/)server(/|$)',
    message: 'The client and the service worker never import server code; shared shapes and rules live in src/contract/.',
  },
  {
    in: [...SERVER, 'serverTests'],
    regex: '^(\\.\\./)+src/(?!contract/)',
    message: 'The server imports nothing of the client but src/contract/; move a shared shape or rule there.',
  },
  {
    in: [...APP, 'sw'],
    // Relative paths only: a package's folder of the same name is not this one.
    regex: '^\\.{1,2}/(.*/)?vite-plugins(/|$)',
    message: 'src/vite-plugins/ holds the build steps (Node code run by Vite); app and worker code cannot import it.',
  },
  { in: except('appDb'), regex: '^dexie(/|$)', message: 'dexie is wrapped by src/db/; import that instead.' },
  { in: except('appApi'), regex: '^wretch(/|$)', message: 'wretch is wrapped by src/api/; import that instead.' },
  {
    in: except('serverDb'),
    regex: '^(pg|@electric-sql/pglite.*)$',
    message: 'pg and PGlite are wrapped by server/src/db/; import that instead.',
  },
  { in: except('serverJobs'), regex: '^pg-boss(/|$)', message: 'pg-boss is wrapped by server/src/jobs/; import that instead.' },
  { in: except('serverLlm'), regex: '^(ai(/.*)?|@ai-sdk/.+)$', message: 'The AI SDK is wrapped by server/src/llm/; import that instead.' },
  {
    in: except('serverDb', 'serverServices', 'serverOwnTables'),
    regex: '^drizzle-orm(/|$)',
    message: 'drizzle-orm queries belong in server/src/db/ and server/src/services/; call a service instead.',
  },
];

function boundaryConfigs() {
  return Object.entries(AREAS).map(([name, area]) => ({
    name: `boundary/${name}`,
    ...area,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: RESTRICTIONS.filter((r) => r.in.includes(name)).map(({ regex, message }) => ({ regex, message })) },
      ],
    },
  }));
}

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'coverage', 'server/src/db/migrations', 'server/.build', 'tests/e2e/.artifacts'] },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  ...boundaryConfigs(),
  {
    files: ['**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
  },
);
