/** Dexie reads for the agent screens (live: they update when a fetch or a poll writes). */
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type MessageRow, type SessionRow } from '../../db';

/** A space's sessions with one agent (or all), most recently active first. */
export function useSessions(spaceId: string | null, slug?: string): SessionRow[] | undefined {
  return useLiveQuery(async () => {
    if (!spaceId) return [];
    const rows = slug
      ? await db.sessions.where('[spaceId+agentSlug]').equals([spaceId, slug]).toArray()
      : await db.sessions.where('spaceId').equals(spaceId).toArray();
    return rows.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  }, [spaceId, slug]);
}

export function useSession(sessionId: string | undefined): SessionRow | null | undefined {
  return useLiveQuery(async () => (sessionId ? ((await db.sessions.get(sessionId)) ?? null) : null), [sessionId]);
}

/** Enough messages to fill the first screen while the rest are read. */
const FIRST_SCREEN = 40;

/**
 * A session's messages in order, read straight off the [sessionId+createdAt] index (ISO timestamps
 * sort as text). The latest few come first, so a 5,000-message session paints at once; the whole
 * list follows a moment later and replaces them (the list opens at the bottom either way).
 */
export function useSessionMessages(sessionId: string | undefined): MessageRow[] | undefined {
  return useSessionMessageSet(sessionId)?.rows;
}

/** As useSessionMessages, saying whether the rows are the whole chat or only its latest few. */
export function useSessionMessageSet(sessionId: string | undefined): { rows: MessageRow[]; complete: boolean } | undefined {
  const range = (id: string) => db.messages.where('[sessionId+createdAt]').between([id, ''], [id, '\uffff'], true, true);
  const latest = useLiveQuery(
    async () => (sessionId ? (await range(sessionId).reverse().limit(FIRST_SCREEN).toArray()).reverse() : []),
    [sessionId],
  );
  const all = useLiveQuery(async () => (sessionId ? range(sessionId).toArray() : []), [sessionId]);
  if (all) return { rows: all, complete: true };
  return latest ? { rows: latest, complete: false } : undefined;
}
