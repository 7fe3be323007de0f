import { afterEach, describe, expect, it, vi } from 'vitest';
import { chatPreview, logger } from '../../../src/lib/logger';

afterEach(() => {
  logger.clear();
  vi.unstubAllGlobals();
});

describe('frontend log buffer (spec 000 §9)', () => {
  it('records timestamp, level, message and context', () => {
    const entry = logger.warn('Upload slow', { file: 'a.pdf' });
    expect(logger.entries()).toEqual([entry]);
    expect(entry).toMatchObject({ level: 'warn', message: 'Upload slow', context: { file: 'a.pdf' } });
    expect(new Date(entry.timestamp).toISOString()).toBe(entry.timestamp);
  });

  it('keeps the last 1000 entries, dropping the oldest', () => {
    for (let i = 1; i <= 1005; i += 1) logger.info(`entry ${i}`);
    const entries = logger.entries();
    expect(entries).toHaveLength(1000);
    expect(entries[0]?.message).toBe('entry 6');
    expect(entries.at(-1)?.message).toBe('entry 1005');
  });

  it('never sends entries to the server (the transport is disabled)', () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    for (const level of ['debug', 'info', 'warn', 'error'] as const) logger[level](`a ${level} entry`);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(logger.entries().map((e) => e.level)).toEqual(['debug', 'info', 'warn', 'error']);
  });

  it('cuts chat previews at 100 characters', () => {
    const long = 'x'.repeat(250);
    expect(chatPreview(long)).toHaveLength(100);
    expect(chatPreview('short message')).toBe('short message');
  });
});
