/**
 * The server run from its TypeScript sources with tsx, as the assets and chat benches start it: a
 * free loopback port, a data folder of its own (removed at stop), the built app from dist/, warn-level
 * logs, the embedded database and a sign-in limit no bench reaches.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../tools/free-port';
import { stopGracefully } from '../tools/stop-process';

const ROOT = path.resolve(import.meta.dirname, '../..');
const HOST = '127.0.0.1';

export interface TsxServer {
  baseUrl: string;
  /** The tsx process (the server itself is its child node process). */
  pid: number;
  /** SIGTERM, SIGKILL after 10 s, then the data folder removed. */
  stop(): Promise<void>;
}

export async function startTsxServer(options: { name: string; env?: Record<string, string>; startTimeoutSeconds: number }): Promise<TsxServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), `mosaic-bench-${options.name}-`));
  const child: ChildProcess = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['server/src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST, DATA_DIR: dataDir, STATIC_DIR: path.join(ROOT, 'dist'), LOG_LEVEL: 'warn', DATABASE_URL: '', AUTH_RATE_LIMIT_MAX: '1000', ...options.env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://${HOST}:${port}`;
  const deadline = Date.now() + options.startTimeoutSeconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/v1/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server not healthy in ${options.startTimeoutSeconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    pid: child.pid!,
    async stop() {
      await stopGracefully(child, 10_000);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
