/**
 * The capped sandbox (server/src/sandbox): a task that misbehaves — runs forever, grows its heap,
 * grows memory outside the heap, crashes natively — is stopped with an error naming what it hit,
 * and the process running the tests (the server's process) carries on.
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  SandboxAbortedError,
  SandboxCrashError,
  SandboxLimitError,
  SandboxTaskError,
  createSandbox,
  type Sandbox,
} from '../../server/src/sandbox/sandbox';
import type { SandboxTestInput } from './sandbox-tasks';

const TASK = new URL('./sandbox-tasks.ts', import.meta.url);

describe('the capped sandbox', () => {
  const sandboxes: Sandbox[] = [];
  const sandbox = (timeoutMs = 60_000, maxMemoryMb = 256) => {
    const created = createSandbox({ concurrency: 1, maxMemoryMb, timeoutMs });
    sandboxes.push(created);
    return created;
  };
  afterAll(async () => {
    for (const created of sandboxes) await created.close();
  });
  const run = (target: Sandbox, input: SandboxTestInput, signal?: AbortSignal) => target.run<unknown>(TASK, input, { signal });

  it('runs a TypeScript task in another process, with Buffers in and plain data out, and reuses the process', async () => {
    const target = sandbox();
    const first = (await run(target, { mode: 'echo', text: 'brand voice', bytes: Buffer.from('12345') })) as { text: string; byteLength: number; pid: number };
    expect(first).toMatchObject({ text: 'BRAND VOICE', byteLength: 5 });
    expect(first.pid).not.toBe(process.pid);
    const second = (await run(target, { mode: 'echo', text: 'again' })) as { pid: number };
    expect(second.pid).toBe(first.pid);
  });

  it('gives the task none of the server’s secrets', async () => {
    process.env.SANDBOX_TEST_SECRET = 'do-not-leak';
    try {
      const keys = (await run(sandbox(), { mode: 'secrets' })) as string[];
      expect(keys).not.toContain('SANDBOX_TEST_SECRET');
      expect(keys.every((key) => ['PATH', 'HOME', 'TMPDIR', 'TMP', 'TEMP', 'LANG', 'TZ', 'SYSTEMROOT'].includes(key))).toBe(true);
    } finally {
      delete process.env.SANDBOX_TEST_SECRET;
    }
  });

  it('passes an error the task throws back with its name and message', async () => {
    const error = await run(sandbox(), { mode: 'throw', message: 'This PDF is password-protected.' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SandboxTaskError);
    expect(error).toMatchObject({ taskErrorName: 'UnreadableDocumentError', message: 'This PDF is password-protected.' });
  });

  it('stops a task that runs past the time limit, and the next task gets a fresh process', async () => {
    const target = sandbox(1_500);
    const error = await run(target, { mode: 'spin' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SandboxLimitError);
    expect(error).toMatchObject({ limit: 'time', message: 'The task ran longer than 1.5 s and was stopped' });
    expect(await run(target, { mode: 'echo', text: 'still here' })).toMatchObject({ text: 'STILL HERE' });
  });

  it('stops a task whose heap grows past the memory cap', async () => {
    const error = await run(sandbox(60_000, 192), { mode: 'heap' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SandboxLimitError);
    expect(error).toMatchObject({ limit: 'memory', message: 'The task used more than 192 MB of memory and was stopped' });
  });

  it('stops a task whose memory outside the heap (ArrayBuffers) grows past the cap, which a heap limit alone misses', async () => {
    const before = process.memoryUsage().rss;
    const error = await run(sandbox(60_000, 192), { mode: 'buffers' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SandboxLimitError);
    expect(error).toMatchObject({ limit: 'memory' });
    // The buffers grew in the other process, not here.
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('reports a process that crashes natively as a crash', async () => {
    const error = await run(sandbox(), { mode: 'abort' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SandboxCrashError);
    expect((error as Error).message).toMatch(/SIGABRT/);
  });

  it('stops a task when the caller’s signal fires', async () => {
    const controller = new AbortController();
    const running = run(sandbox(), { mode: 'spin' }, controller.signal).catch((caught: unknown) => caught);
    controller.abort('shutdown');
    const error = await running;
    expect(error).toBeInstanceOf(SandboxAbortedError);
    expect((error as SandboxAbortedError).reason).toBe('shutdown');
  });
});
