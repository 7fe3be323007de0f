/**
 * Narrowing the library on the device: by kind, source, tag, collection and words, over what Dexie
 * holds, so filters answer at once and work offline. Words match the name, tags, description and
 * text (the excerpt, or the whole text once read); the server's full-text search adds matches
 * deeper in long texts while online (assets.store.ts).
 */
import type { AssetRow } from '../../db';
import type { AssetKind, AssetSource } from '../../contract/assets';

export interface AssetFilter {
  kind: AssetKind | null;
  source: AssetSource | null;
  tag: string | null;
  collectionId: string | null;
  query: string;
}

export const NO_FILTER: AssetFilter = { kind: null, source: null, tag: null, collectionId: null, query: '' };

/** Lower case without accents, so "cafe" finds "Café". */
export function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
}

export function queryWords(query: string): string[] {
  return fold(query).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

function haystack(row: AssetRow): string {
  return fold([row.name, row.tags.join(' '), row.description ?? '', row.content ?? row.excerpt ?? ''].join(' '));
}

/** Every word appears somewhere in the asset (as a word start or inside one: "spri" finds "Spring"). */
export function matchesWords(row: AssetRow, words: readonly string[]): boolean {
  if (words.length === 0) return true;
  const text = haystack(row);
  return words.every((word) => text.includes(word));
}

export function isFiltered(filter: AssetFilter): boolean {
  return filter.kind !== null || filter.source !== null || filter.tag !== null || filter.collectionId !== null || filter.query.trim() !== '';
}

/** The rows the filter keeps, in their order; `serverMatches` (ids) also count as matching the words. */
export function filterAssets(rows: readonly AssetRow[], filter: AssetFilter, serverMatches?: ReadonlySet<string>): AssetRow[] {
  const words = queryWords(filter.query);
  return rows.filter(
    (row) =>
      (filter.kind === null || row.kind === filter.kind) &&
      (filter.source === null || row.source === filter.source) &&
      (filter.tag === null || row.tags.includes(filter.tag)) &&
      (filter.collectionId === null || row.collectionIds.includes(filter.collectionId)) &&
      (matchesWords(row, words) || (serverMatches?.has(row.id) ?? false)),
  );
}

/** Tags of the library, most used first (then alphabetically), with how many assets carry each. */
export function tagCounts(rows: readonly AssetRow[]): { tag: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const row of rows) for (const tag of row.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts].map(([tag, count]) => ({ tag, count })).sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag));
}

/** How many assets of each kind and source the library holds (for the filter menus). */
export function countBy<K extends 'kind' | 'source'>(rows: readonly AssetRow[], field: K): Map<AssetRow[K], number> {
  const counts = new Map<AssetRow[K], number>();
  for (const row of rows) counts.set(row[field], (counts.get(row[field]) ?? 0) + 1);
  return counts;
}
