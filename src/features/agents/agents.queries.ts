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

/**
 * A session's messages in order, read straight off the [sessionId+createdAt] index (ISO timestamps
 * sort as text), so a 5,000-message session comes back without sorting in JavaScript.
 */
export function useSessionMessages(sessionId: string | undefined): MessageRow[] | undefined {
  return useLiveQuery(
    async () =>
      sessionId
        ? db.messages.where('[sessionId+createdAt]').between([sessionId, ''], [sessionId, '\uffff'], true, true).toArray()
        : [],
    [sessionId],
  );
}
