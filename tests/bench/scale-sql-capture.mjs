// Loaded into the server process by the scale bench (NODE_OPTIONS=--import …) for its plan check
// only, never for the timed load: appends every statement the server sends to PostgreSQL, with its
// parameters, to SCALE_SQL_CAPTURE_FILE as one JSON line, so the bench can EXPLAIN exactly what
// each endpoint ran (docs/scale.md "Plans"). node-postgres is CommonJS, so this require() patches
// the same Client class the server's ESM `import pg from 'pg'` gets.
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const file = process.env.SCALE_SQL_CAPTURE_FILE;
if (file) {
  const require = createRequire(new URL('../../package.json', import.meta.url));
  const { Client } = require('pg');
  const query = Client.prototype.query;
  Client.prototype.query = function capturedQuery(config, values, callback) {
    const text = typeof config === 'string' ? config : config?.text;
    const parameters = Array.isArray(values) ? values : config?.values;
    if (typeof text === 'string') appendFileSync(file, `${JSON.stringify({ text, values: parameters ?? [] })}\n`);
    return query.call(this, config, values, callback);
  };
}
