/** "5 minutes ago" style wording for how old saved data is. */
import { onFirstUse } from '../contract/on-first-use';

const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 60 * 60 * 1000],
  ['month', 30 * 24 * 60 * 60 * 1000],
  ['week', 7 * 24 * 60 * 60 * 1000],
  ['day', 24 * 60 * 60 * 1000],
  ['hour', 60 * 60 * 1000],
  ['minute', 60 * 1000],
];

const formatter = onFirstUse(() => new Intl.RelativeTimeFormat('en', { numeric: 'auto' }));

/** How long ago `then` was, seen from `now` (both epoch ms): 'just now', '5 minutes ago', 'yesterday'. */
export function timeAgo(then: number, now: number): string {
  const elapsed = Math.max(0, now - then);
  for (const [unit, size] of UNITS) {
    if (elapsed >= size) return formatter().format(-Math.floor(elapsed / size), unit);
  }
  // Under a minute the exact seconds would only flicker.
  return 'just now';
}
