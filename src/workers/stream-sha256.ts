import { sha256 as jsSha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { createSHA256 } from 'hash-wasm';

/**
 * 8 MiB per read: large enough that per-call overhead disappears, small enough that a 1 GB file
 * never has more than one slice in memory.
 */
export const HASH_CHUNK_BYTES = 8 * 1024 * 1024;

/** An incremental SHA-256: feed chunks, then read the hex digest. */
interface Sha256Hasher {
  update(chunk: Uint8Array): void;
  hex(): string;
  engine: 'wasm' | 'js';
}

/**
 * WebAssembly (hash-wasm) when the page's Content-Security-Policy allows compiling it
 * ('wasm-unsafe-eval'); otherwise the audited pure-JS implementation (@noble/hashes), slower
 * but equally streaming. Both give the same digest.
 */
export async function createSha256Hasher(): Promise<Sha256Hasher> {
  try {
    const wasm = await createSHA256();
    wasm.init();
    return { engine: 'wasm', update: (chunk) => void wasm.update(chunk), hex: () => wasm.digest('hex') };
  } catch {
    const js = jsSha256.create();
    return { engine: 'js', update: (chunk) => void js.update(chunk), hex: () => bytesToHex(js.digest()) };
  }
}

/** A slice's bytes; FileReader where Blob.arrayBuffer is missing (older engines, jsdom). */
function readSlice(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(blob);
  });
}

/**
 * SHA-256 of a Blob, read slice by slice (File.slice), so memory stays at one chunk whatever the
 * file size. Reports the fraction done after each chunk.
 */
export async function streamSha256(blob: Blob, onProgress?: (fraction: number) => void, chunkBytes = HASH_CHUNK_BYTES): Promise<string> {
  const hasher = await createSha256Hasher();
  for (let offset = 0; offset < blob.size; offset += chunkBytes) {
    const chunk = await readSlice(blob.slice(offset, Math.min(offset + chunkBytes, blob.size)));
    hasher.update(new Uint8Array(chunk));
    onProgress?.(Math.min(1, (offset + chunk.byteLength) / blob.size));
  }
  if (blob.size === 0) onProgress?.(1);
  return hasher.hex();
}
