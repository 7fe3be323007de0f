/**
 * Spaces announcements (spec 000 §4) as window events, so any part of the app (and code that
 * does not import the store) can react: 'spaces-ready', 'spaces-error', 'space-switched'.
 * 'open-space-selector' asks the shell to open the Create New Space dialog.
 */
import { describeError, logger } from '../lib/logger';
import type { Space } from './wire-types';

export interface SpacesEventMap {
  'spaces-ready': { spaces: Space[]; currentSpaceId: string | null; error?: string };
  'spaces-error': { error: string };
  'space-switched': { spaceId: string; space: Space };
  'open-space-selector': undefined;
  /**
   * A space-scoped request was answered 'Space not found' for this space: it was deleted or
   * archived (perhaps in another tab or by someone else). The spaces store moves the tab elsewhere.
   */
  'space-unavailable': { spaceId: string };
  /** The tab was moved out of a space that is gone; `from` is its name as the tab last knew it. */
  'space-lost': { from: string | null; to: Space | null };
}

export type SpacesEventName = keyof SpacesEventMap;

export function announceSpacesEvent<K extends SpacesEventName>(name: K, detail: SpacesEventMap[K]): void {
  window.dispatchEvent(new CustomEvent(name, { detail }));
}

export function onSpacesEvent<K extends SpacesEventName>(
  name: K,
  fn: (detail: SpacesEventMap[K]) => void,
): () => void {
  const listener = (event: Event) => fn((event as CustomEvent<SpacesEventMap[K]>).detail);
  window.addEventListener(name, listener);
  return () => window.removeEventListener(name, listener);
}

type SpaceSwitchHandler = (space: Space) => void | Promise<void>;
const switchHandlers = new Set<SpaceSwitchHandler>();

/**
 * Feature stores register here to clear their space's data and reload it when the user switches
 * space (spec 000 §4: analytics, knowledge, agent, brand voice and organisation data).
 */
export function onSpaceSwitch(fn: SpaceSwitchHandler): () => void {
  switchHandlers.add(fn);
  return () => switchHandlers.delete(fn);
}

/** Runs every switch handler; one failing store is logged and does not block the others. */
export function runSpaceSwitchHandlers(space: Space): void {
  for (const handler of [...switchHandlers]) {
    try {
      void Promise.resolve(handler(space)).catch((error: unknown) =>
        logger.error('Space switch handler failed', { error: describeError(error) }),
      );
    } catch (error) {
      logger.error('Space switch handler failed', { error: describeError(error) });
    }
  }
}
