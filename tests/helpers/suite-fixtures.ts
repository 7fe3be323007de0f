/**
 * What a describe block's tests share — the app, a local stand-in for an outside service, the
 * people signed in to it — made before its first test (and closed after its last), each declared
 * in one line instead of a `let`, a line in `beforeAll` and one in `afterAll` written again in
 * every file.
 *
 *   const smtp = startedForSuite(() => startTestSmtpServer());
 *   const t = appForSuite(() => ({ env: { SMTP_URL: smtp.url } }));
 *   const owner = preparedForSuite(() => registerOwner(t.app));
 *
 * What they return stands for the thing made: `t.app`, `smtp.nextMailTo(…)`, `owner.access_token`
 * read it (and writes go to it), inside the block's hooks and tests; reading it before the block
 * starts throws, saying so. They are made in the order they are declared, before the block's own
 * `beforeAll` hooks declared after them, and closed in the reverse order (vitest's `afterAll`
 * order), so the app closes before the services it talks to; one whose start failed is not closed.
 */
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp, type TestAppOptions } from './server';

interface Closable {
  close(): Promise<void>;
}

function forSuite<T extends object>(make: () => T | Promise<T>, close: (made: T) => Promise<void>): T {
  let current: T | undefined;
  beforeAll(async () => {
    current = await make();
  });
  afterAll(async () => {
    if (current) await close(current);
  });
  const made = (): T => {
    if (!current) throw new Error('read before the describe block it was declared in started (or its set-up failed)');
    return current;
  };
  // Reads and writes go to the value made (a test may set a stand-in's behaviour: `stripe.failing = true`);
  // its keys too, so spreading or inspecting it sees what it holds.
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(made(), key),
    set: (_target, key, value) => Reflect.set(made(), key, value),
    has: (_target, key) => Reflect.has(made(), key),
    ownKeys: () => Reflect.ownKeys(made()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(made(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}

/** `start()` before the block's tests, its `close()` after them. */
export function startedForSuite<T extends Closable>(start: () => Promise<T>): T {
  return forSuite(start, (started) => started.close());
}

/**
 * The real app on a fresh database for the block's tests (createTestApp). Options that depend on
 * something started for the block (a service's address) are given as a function, read when the
 * block starts.
 */
export function appForSuite(options: TestAppOptions | (() => TestAppOptions) = {}): TestApp {
  return startedForSuite(() => createTestApp(typeof options === 'function' ? options() : options));
}

/** Made once before the block's tests, with nothing to close: an owner registered, a member added, a caller. */
export function preparedForSuite<T extends object>(prepare: () => T | Promise<T>): T {
  return forSuite(prepare, async () => undefined);
}
