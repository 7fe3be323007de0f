/**
 * The history rail's groups: Pinned, Today, Yesterday, Previous 7 days, then one group per month
 * (the way ChatGPT and LibreChat group a history). Calendar days are the viewer's local days.
 */
import type { SessionRow } from '../../../db';
import { formatDateInYear, formatMonth, formatTime } from '../../../contract/format';

export interface HistoryGroup {
  key: string;
  label: string;
  sessions: SessionRow[];
}

const DAY_MS = 86_400_000;

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** Pinned first (in pin order as the list gives it), then newest activity first. */
export function sortForHistory(sessions: readonly SessionRow[]): SessionRow[] {
  return [...sessions].sort((a, b) => Number(Boolean(b.pinned)) - Number(Boolean(a.pinned)) || b.updatedAt.localeCompare(a.updatedAt));
}

export function groupHistory(sessions: readonly SessionRow[], now: Date): HistoryGroup[] {
  const today = startOfDay(now);
  const groups = new Map<string, HistoryGroup>();
  const add = (key: string, label: string, session: SessionRow) => {
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { key, label, sessions: [] }));
    group.sessions.push(session);
  };
  for (const session of sortForHistory(sessions)) {
    const time = Date.parse(session.updatedAt);
    if (session.pinned) add('pinned', 'Pinned', session);
    else if (time >= today) add('today', 'Today', session);
    else if (time >= today - DAY_MS) add('yesterday', 'Yesterday', session);
    else if (time >= today - 7 * DAY_MS) add('week', 'Previous 7 days', session);
    else {
      const date = new Date(time);
      add(`month-${date.getFullYear()}-${date.getMonth()}`, formatMonth(session.updatedAt), session);
    }
  }
  return [...groups.values()];
}

/** When a chat was last active, as its row shows it: the time today, else the date. */
export function lastActiveLabel(iso: string, now: Date): string {
  return Date.parse(iso) >= startOfDay(now) ? formatTime(iso) : formatDateInYear(iso, now.getTime());
}
