/**
 * Waits for a condition that an event will make true: the server storing a reply, a request
 * reaching a stand-in, a poll registering as waiting. It never waits for time to pass; the bound
 * only decides how long a failing test takes to say what it was waiting for.
 */
export async function until(what: string, check: () => boolean | Promise<boolean>, maxMs = 20_000): Promise<void> {
  const deadline = Date.now() + maxMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not seen in time`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
