import { describe, expect, it } from 'vitest';
import { addToStaging, duplicateFlag, filesToSend, removeFromStaging, withDuplicateFlags, type StagedFile } from '../../../src/features/knowledge/staging';

const file = (name: string, content: string) => new File([content], name, { type: 'text/plain' });
const hashed = (items: StagedFile[], hashes: Record<string, string>) => items.map((item) => ({ ...item, hash: hashes[item.file.name] ?? null }));

describe('staging files (spec 001 §4–§5)', () => {
  it('ignores a file with the same name and size as one already staged', () => {
    const first = addToStaging([], [file('brief.txt', 'abc'), file('plan.txt', 'hello')]);
    const second = addToStaging(first.staged, [file('brief.txt', 'xyz'), file('brief.txt', 'abcd')]);
    expect(second.staged.map((item) => `${item.file.name}:${item.file.size}`)).toEqual(['brief.txt:3', 'plan.txt:5', 'brief.txt:4']);
    expect(second.allAlreadyStaged).toBe(false);
  });

  it('reports when every selected file is already staged', () => {
    const first = addToStaging([], [file('brief.txt', 'abc')]);
    const again = addToStaging(first.staged, [file('brief.txt', 'abc')]);
    expect(again.allAlreadyStaged).toBe(true);
    expect(again.staged).toHaveLength(1);
  });

  it('ignores repeats within one selection too', () => {
    const result = addToStaging([], [file('a.txt', 'x'), file('a.txt', 'y')]);
    expect(result.staged).toHaveLength(1);
  });

  it('flags files already uploaded, with the existing filename, and files identical to another staged file', () => {
    const { staged } = addToStaging([], [file('a.txt', '1'), file('b.txt', '2'), file('c.txt', '3')]);
    const flagged = withDuplicateFlags(hashed(staged, { 'a.txt': 'h1', 'b.txt': 'h2', 'c.txt': 'h2' }), new Map([['h1', 'Brand book.pdf']]));
    expect(flagged.map(duplicateFlag)).toEqual(['Already uploaded as "Brand book.pdf"', 'Same as other selected files', 'Same as other selected files']);
  });

  it('drops "Same as other selected files" when the file becomes the only one with its hash', () => {
    const { staged } = addToStaging([], [file('b.txt', '2'), file('c.txt', '3')]);
    const flagged = withDuplicateFlags(hashed(staged, { 'b.txt': 'h2', 'c.txt': 'h2' }), new Map());
    const remaining = removeFromStaging(flagged, flagged[0]!.key, new Map());
    expect(remaining).toHaveLength(1);
    expect(duplicateFlag(remaining[0]!)).toBeNull();
  });

  it('sends neither files already uploaded nor repeats of a staged file', () => {
    const { staged } = addToStaging([], [file('a.txt', '1'), file('b.txt', '2'), file('c.txt', '3'), file('d.txt', '4')]);
    const flagged = withDuplicateFlags(hashed(staged, { 'a.txt': 'h1', 'b.txt': 'h2', 'c.txt': 'h2', 'd.txt': 'h4' }), new Map([['h1', 'old.txt']]));
    const { send, skipped } = filesToSend(flagged);
    expect(send.map((item) => item.file.name)).toEqual(['b.txt', 'd.txt']);
    expect(skipped.map((item) => item.file.name)).toEqual(['a.txt', 'c.txt']);
  });
});
