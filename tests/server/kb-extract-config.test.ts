import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/src/config';
import { documentJobOptions } from '../../server/src/services/knowledge/document-jobs';

describe('document processing limits from the environment', () => {
  it('applies the documented defaults, and the job expiry follows the time limit', () => {
    const { knowledge } = loadConfig({});
    expect(knowledge.extraction).toEqual({
      maxInputBytes: 100 * 1024 * 1024,
      maxUnpackedBytes: 10 * 1024 * 1024,
      maxArchiveEntries: 5_000,
      maxPdfPages: 2_000,
      maxTextChars: 10_000_000,
      maxMemoryMb: 512,
      timeoutSeconds: 120,
    });
    expect(knowledge.processingLeaseMs).toBe(60_000);
    expect(documentJobOptions(knowledge)).toEqual({ expireInSeconds: 120 + 600 });
  });

  it('reads every limit', () => {
    const { knowledge } = loadConfig({
      KB_EXTRACT_MAX_INPUT_BYTES: '1000',
      KB_EXTRACT_MAX_UNPACKED_BYTES: '2000',
      KB_EXTRACT_MAX_ARCHIVE_ENTRIES: '30',
      KB_EXTRACT_MAX_PDF_PAGES: '40',
      KB_EXTRACT_MAX_TEXT_CHARS: '50',
      KB_EXTRACT_MAX_MEMORY_MB: '1024',
      KB_EXTRACT_TIMEOUT_SECONDS: '2.5',
      KB_PROCESSING_LEASE_SECONDS: '30',
    });
    expect(knowledge.extraction).toEqual({
      maxInputBytes: 1000,
      maxUnpackedBytes: 2000,
      maxArchiveEntries: 30,
      maxPdfPages: 40,
      maxTextChars: 50,
      maxMemoryMb: 1024,
      timeoutSeconds: 2.5,
    });
    expect(knowledge.processingLeaseMs).toBe(30_000);
  });

  it.each([
    [{ KB_EXTRACT_MAX_MEMORY_MB: '16' }, 'KB_EXTRACT_MAX_MEMORY_MB'],
    [{ KB_EXTRACT_TIMEOUT_SECONDS: '0' }, 'KB_EXTRACT_TIMEOUT_SECONDS'],
    [{ KB_EXTRACT_MAX_PDF_PAGES: 'many' }, 'KB_EXTRACT_MAX_PDF_PAGES'],
    [{ KB_PROCESSING_LEASE_SECONDS: '0.5' }, 'KB_PROCESSING_LEASE_SECONDS'],
  ])('rejects %j naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});
