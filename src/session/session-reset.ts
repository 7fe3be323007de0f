/**
 * On logout or session expiry every store resets (spec 000 §4, spec 001 §4). Stores register
 * their reset here instead of the auth store knowing about each of them.
 */
import { describeError, logger } from '../lib/logger';

type ResetHandler = () => void | Promise<void>;
const handlers = new Set<ResetHandler>();

export function onSessionReset(fn: ResetHandler): () => void {
  handlers.add(fn);
  return () => handlers.delete(fn);
}

/** Runs every registered reset; a failing one is logged and does not stop the rest. */
export async function runSessionResets(): Promise<void> {
  await Promise.all(
    [...handlers].map(async (handler) => {
      try {
        await handler();
      } catch (error) {
        logger.error('Session reset handler failed', { error: describeError(error) });
      }
    }),
  );
}
