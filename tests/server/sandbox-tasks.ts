/** A task module for tests/server/sandbox.test.ts: each mode misbehaves in one way a real parser can. */
export type SandboxTestInput =
  | { mode: 'echo'; text: string; bytes?: Uint8Array }
  | { mode: 'spin' }
  | { mode: 'heap' }
  | { mode: 'buffers' }
  | { mode: 'abort' }
  | { mode: 'throw'; message: string }
  | { mode: 'secrets' };

export async function runTask(input: SandboxTestInput): Promise<unknown> {
  switch (input.mode) {
    case 'echo':
      return { text: input.text.toUpperCase(), byteLength: input.bytes?.byteLength ?? 0, pid: process.pid };
    case 'spin':
      // Busy forever, never yielding: only a kill from outside ends it.
      for (;;) Math.sqrt(Math.random());
    case 'heap': {
      // Grows the JavaScript heap without bound (a parser building a huge tree).
      const kept: string[][] = [];
      for (;;) kept.push(Array.from({ length: 10_000 }, (_, index) => `row ${index} ${Math.random()}`));
    }
    case 'buffers': {
      // Grows memory outside the heap (decoded streams in ArrayBuffers), which a heap cap does not see.
      const kept: Uint8Array[] = [];
      for (;;) {
        kept.push(new Uint8Array(16 * 1024 * 1024).fill(1));
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    case 'abort':
      // A native crash.
      process.abort();
      return null;
    case 'throw':
      throw Object.assign(new Error(input.message), { name: 'UnreadableDocumentError' });
    case 'secrets':
      return Object.keys(process.env).sort();
  }
}
