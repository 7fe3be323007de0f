/**
 * Thumbnails to the device: each card asks for its asset's thumbnail when it is shown; the bytes
 * are fetched (four at a time, the newest request first) and kept in Dexie, so the library shows
 * its pictures offline and never fetches the same version twice. A failed fetch is tried again
 * after a minute at the earliest, not on every render.
 */
import { getCurrentSpaceId } from '../../session';
import { assetsApi } from './assets.api';
import { saveThumbnail } from './assets.queries';

const PARALLEL = 4;
const RETRY_AFTER_MS = 60_000;

interface Wanted {
  assetId: string;
  version: string;
  spaceId: string;
}

const queue: Wanted[] = [];
const inFlight = new Set<string>();
const failedAt = new Map<string, number>();
let running = 0;

const keyOf = (assetId: string, version: string) => `${assetId}@${version}`;

/** Asks for an asset's thumbnail of this version (ignored while it is fetched or recently failed). */
export function requestThumbnail(assetId: string, version: string): void {
  const spaceId = getCurrentSpaceId();
  if (!spaceId) return;
  const key = keyOf(assetId, version);
  const failed = failedAt.get(key);
  if (inFlight.has(key) || (failed !== undefined && Date.now() - failed < RETRY_AFTER_MS)) return;
  if (queue.some((wanted) => keyOf(wanted.assetId, wanted.version) === key)) return;
  // The card just scrolled into view goes first.
  queue.unshift({ assetId, version, spaceId });
  pump();
}

function pump(): void {
  while (running < PARALLEL && queue.length > 0) {
    const next = queue.shift()!;
    running += 1;
    void fetchOne(next).finally(() => {
      running -= 1;
      pump();
    });
  }
}

async function fetchOne({ assetId, version, spaceId }: Wanted): Promise<void> {
  const key = keyOf(assetId, version);
  inFlight.add(key);
  try {
    const answer = await assetsApi.rendition(assetId, 'thumbnail');
    // A space switch meanwhile: these bytes belong to the space left behind.
    if (getCurrentSpaceId() !== spaceId) return;
    await saveThumbnail({ assetId, spaceId, version, mimeType: answer.contentType || 'image/webp', bytes: answer.bytes, savedAt: Date.now() });
    failedAt.delete(key);
  } catch {
    failedAt.set(key, Date.now());
  } finally {
    inFlight.delete(key);
  }
}

/** Logout or space switch: nothing queued for the old space is fetched. */
export function forgetThumbnailRequests(): void {
  queue.length = 0;
  failedAt.clear();
}
