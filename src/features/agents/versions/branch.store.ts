/**
 * Which version of a chat is on screen (docs/agents.md "Versions and edits"): the chosen branch's
 * last message, kept on the device (Dexie `chatBranches`, wiped with the space) so a reload, or
 * going offline, shows the same versions. No choice → the branch of the newest message.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db';

/**
 * Shows the branch ending at `leafId` (and whatever is written below it later); null → the newest.
 * `exact`: while the chat waits for a reply, end exactly there (see ChatBranchRow.exact).
 */
export async function chooseLeaf(spaceId: string, sessionId: string, leafId: string | null, options: { exact?: boolean } = {}): Promise<void> {
  if (leafId === null) await db.chatBranches.delete(sessionId);
  else await db.chatBranches.put({ sessionId, spaceId, leafId, ...(options.exact ? { exact: true } : {}), updatedAt: Date.now() });
}

/** The chosen leaf of a chat, or null (the newest branch). */
export async function chosenLeafOf(sessionId: string): Promise<string | null> {
  return (await db.chatBranches.get(sessionId))?.leafId ?? null;
}

/** The chosen leaf of a chat: undefined while reading, null when none was chosen. */
export function useChosenLeaf(sessionId: string | undefined): { leafId: string; exact: boolean } | null | undefined {
  return useLiveQuery(async () => {
    const row = sessionId ? await db.chatBranches.get(sessionId) : undefined;
    return row ? { leafId: row.leafId, exact: row.exact === true } : null;
  }, [sessionId]);
}
