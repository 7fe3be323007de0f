import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashFile } from '../../../src/features/uploads/hash-files';
import { streamSha256 } from '../../../src/workers/stream-sha256';

describe('SHA-256 of files', () => {
  it('matches the standard digest, read in chunks with progress', async () => {
    const bytes = new Uint8Array(300_000).map((_, index) => (index * 7) % 251);
    const progress: number[] = [];
    const hash = await streamSha256(new Blob([bytes]), (fraction) => progress.push(fraction), 64 * 1024);
    expect(hash).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(progress.length).toBe(5);
    expect(progress.at(-1)).toBe(1);
  });

  it('hashes an empty file', async () => {
    expect(await hashFile(new File([], 'empty.txt'))).toBe(createHash('sha256').digest('hex'));
  });
});
