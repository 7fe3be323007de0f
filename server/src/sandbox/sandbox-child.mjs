/**
 * The entry of a sandbox process (started by sandbox-process.ts). Plain JavaScript, because it
 * runs before any TypeScript loader: first it imports the `preload` modules as Node loads them
 * natively (tsx would transpile large .mjs libraries and keep their source maps — pdf.js cost
 * 200 MB and seconds that way), then, when the server runs from TypeScript source, it registers
 * tsx for the task modules. Then it runs one task at a time for its parent (messages in
 * sandbox-protocol.ts). It holds no secrets (its environment is minimal) and exits when its
 * parent goes away.
 */
const options = JSON.parse(process.argv[2] ?? '{}');

for (const specifier of options.preload ?? []) await import(specifier);
if (options.typescript) {
  const { register } = await import('tsx/esm/api');
  register();
}

const modules = new Map();

async function handle(request) {
  try {
    let loading = modules.get(request.module);
    if (!loading) {
      loading = import(request.module);
      modules.set(request.module, loading);
    }
    const task = await loading;
    if (typeof task.runTask !== 'function') throw new TypeError(`${request.module} has no runTask export`);
    const output = await task.runTask(request.input);
    process.send({ type: 'done', id: request.id, output, residentBytes: process.memoryUsage.rss() });
  } catch (error) {
    const { name, message } = error instanceof Error ? error : { name: 'Error', message: String(error) };
    process.send({ type: 'failed', id: request.id, error: { name, message }, residentBytes: process.memoryUsage.rss() });
  }
}

// The parent died or let go: nothing is left to do here.
process.on('disconnect', () => process.exit(0));
process.on('message', (request) => void handle(request));
process.send({ type: 'ready' });
