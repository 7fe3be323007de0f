/**
 * Answers the service worker gave from its saved copy (sw/api-cache.ts: the network failed, or took
 * longer than API_NETWORK_TIMEOUT_SECONDS). Such an answer is what the server said the last time
 * it was asked, not now: a screen that already holds newer data on the device (a reply delivered
 * by the stream, a version made since) must not let it replace that. The request layer notes each
 * one here (client.ts, from the X-Mosaic-Served-From-Cache header); a caller asks about the answer
 * it received. Held weakly, so nothing is kept once the answer is dropped.
 */
const saved = new WeakSet<object>();

export function noteSavedAnswer(body: unknown): void {
  if (typeof body === 'object' && body !== null) saved.add(body);
}

/** Whether this answer came from the service worker's saved copy rather than from the server now. */
export function isSavedAnswer(body: unknown): boolean {
  return typeof body === 'object' && body !== null && saved.has(body);
}
