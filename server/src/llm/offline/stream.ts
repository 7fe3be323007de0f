/**
 * The offline engine composes its whole answer at once; it is handed out in word-sized chunks at a
 * reading pace, so that a reply from it streams like a model's (and can be stopped part way, keeping
 * what was shown).
 */
import { LlmError } from '../types';

export interface ChunkPace {
  /** Characters per chunk, cut at the next space so words stay whole. */
  chunkCharacters: number;
  /** Pause between chunks. */
  pauseMs: number;
}

/** About 2,000 characters a second: a typical 3,000-character answer takes 1.5 s. */
export const OFFLINE_PACE: ChunkPace = { chunkCharacters: 24, pauseMs: 12 };

export async function streamInChunks(
  text: string,
  onProgress: (textSoFar: string) => void,
  signal: AbortSignal,
  pace: ChunkPace = OFFLINE_PACE,
): Promise<string> {
  let end = 0;
  while (end < text.length) {
    if (signal.aborted) throw new LlmError('The run was stopped', false);
    const space = text.indexOf(' ', end + pace.chunkCharacters);
    end = space === -1 ? text.length : space + 1;
    onProgress(text.slice(0, end));
    if (end < text.length) await pause(pace.pauseMs, signal);
  }
  return text;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
