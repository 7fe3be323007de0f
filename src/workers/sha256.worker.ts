/**
 * Hashes files off the main thread so the page stays responsive while hundreds of files (or one
 * of 1 GB) are checked for duplicates. Messages: {id, file} in; {id, progress} and then
 * {id, hash} or {id, error} out.
 */
import { streamSha256 } from './stream-sha256';

export type HashRequest = { id: number; file: Blob };
export type HashResponse = { id: number; progress: number } | { id: number; hash: string } | { id: number; error: string };

/** The part of a dedicated worker's global scope used here (the app compiles against DOM types). */
interface WorkerScope {
  postMessage(message: HashResponse): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<HashRequest>) => void): void;
}
const scope = self as unknown as WorkerScope;

scope.addEventListener('message', (event: MessageEvent<HashRequest>) => {
  const { id, file } = event.data;
  streamSha256(file, (progress) => scope.postMessage({ id, progress } satisfies HashResponse))
    .then((hash) => scope.postMessage({ id, hash } satisfies HashResponse))
    .catch((error: unknown) => scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies HashResponse));
});
