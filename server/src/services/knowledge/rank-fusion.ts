/**
 * Reciprocal rank fusion (Cormack, Clarke & Büttcher, 2009): each list gives an item
 * 1 / (RRF_K + rank); the sums order the fused list. It needs no calibration between scores of
 * different kinds (ts_rank and cosine distance), which is why hybrid search uses it.
 */

/** The paper's constant: damps the weight of the very first ranks so one list cannot dominate. */
export const RRF_K = 60;

export interface Fused<T> {
  /** The item as the first list that ranked it gave it (the full-text row keeps its highlights). */
  item: T;
  score: number;
}

export function fuseRankings<T>(lists: readonly (readonly T[])[], keyOf: (item: T) => string): Fused<T>[] {
  const fused = new Map<string, Fused<T> & { firstSeen: number }>();
  let order = 0;
  for (const list of lists) {
    list.forEach((item, index) => {
      const key = keyOf(item);
      const contribution = 1 / (RRF_K + index + 1);
      const known = fused.get(key);
      if (known) known.score += contribution;
      else fused.set(key, { item, score: contribution, firstSeen: order++ });
    });
  }
  // Ties (same ranks in different lists) keep the earlier list's order: full-text first.
  return [...fused.values()].sort((a, b) => b.score - a.score || a.firstSeen - b.firstSeen).map(({ item, score }) => ({ item, score }));
}
