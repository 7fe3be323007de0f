// `npm start` serves the built app; on a fresh checkout there is no build yet, so make one.
// A build is reused as long as dist/index.html exists: run `npm run build` after changing the client.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
if (existsSync(`${root}dist/index.html`)) process.exit(0);

console.log('No client build found: building the app once (vite build)...');
const result = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
