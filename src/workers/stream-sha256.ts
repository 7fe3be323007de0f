import { createSHA256 } from 'hash-wasm';

/**
 * 8 MiB per read: large enough that per-call overhead disappears (the WASM hasher runs at
 * hundreds of MB/s), small enough that a 1 GB file never has more than one slice in memory.
 */
export const HASH_CHUNK_BYTES = 8 * 1024 * 1024;

/**
 * SHA-256 of a Blob, read slice by slice (File.slice → arrayBuffer), so memory stays at one
 * chunk whatever the file size. Reports the fraction done after each chunk.
 */
export async function streamSha256(blob: Blob, onProgress?: (fraction: number) => void, chunkBytes = HASH_CHUNK_BYTES): Promise<string> {
  const hasher = await createSHA256();
  hasher.init();
  for (let offset = 0; offset < blob.size; offset += chunkBytes) {
    const chunk = await blob.slice(offset, Math.min(offset + chunkBytes, blob.size)).arrayBuffer();
    hasher.update(new Uint8Array(chunk));
    onProgress?.(Math.min(1, (offset + chunk.byteLength) / blob.size));
  }
  if (blob.size === 0) onProgress?.(1);
  return hasher.digest('hex');
}
