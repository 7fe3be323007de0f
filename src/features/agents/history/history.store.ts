/**
 * The space's chat history: pages from the server into Dexie (the rail reads Dexie, so it shows
 * offline too), search on the server or, offline, over the device's copy, and the changes a
 * user makes (rename, pin, delete with undo). Reset on logout and space switch.
 */
import { proxy } from 'valtio';
import { db, markSynced } from '../../../db';
import { ApiError } from '../../../api';
import { connectivity, NETWORK_REQUIRED_MESSAGE } from '../../../pwa';
import { onSessionReset, onSpaceSwitch } from '../../../session';
import type { DeletedSession, HistorySessionDto } from '../../../contract/chat-history';
import { HISTORY_TEXTS, searchTerms } from '../../../contract/chat-history';
import { getCurrentSpace } from '../../spaces/spaces.store';
import { SESSIONS_SYNC_NAME, toSessionRow } from '../agents.sync';
import { historyApi } from './history.api';
import { searchSavedChats, type HistoryHit } from './offline-search';

export const HISTORY_PAGE = 100;

export const HISTORY_ERRORS = {
  load: 'Could not load the chat history. Showing the chats saved on this device.',
  rename: 'Could not rename the chat. Try again.',
  pin: 'Could not change the pin. Try again.',
  remove: 'Could not delete the chat. Try again.',
  restore: 'Could not restore the chat. Try again.',
  search: 'Search failed. Try again.',
} as const;

interface SearchState {
  query: string;
  status: 'idle' | 'searching' | 'done';
  /** Where the results came from: the server's full-text search, or the device's saved chats. */
  source: 'server' | 'device';
  hits: HistoryHit[];
  message: string | null;
}

interface HistoryState {
  loading: boolean;
  loaded: number;
  hasMore: boolean;
  error: string | null;
  search: SearchState;
}

const initialSearch = (): SearchState => ({ query: '', status: 'idle', source: 'server', hits: [], message: null });
const initial = (): HistoryState => ({ loading: false, loaded: 0, hasMore: false, error: null, search: initialSearch() });

export const historyState = proxy<HistoryState>(initial());

/** The server's reason for a refusal (403, 404, 409, 410, 422), the offline text, or `fallback`. */
export function historyErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.code === 'NETWORK_ERROR') return NETWORK_REQUIRED_MESSAGE;
  if (error.status !== null && [403, 404, 409, 410, 422].includes(error.status) && error.serverDetail) return error.serverDetail;
  return fallback;
}

/**
 * Counts resets (sign-out, session expiry, space switch). Work begun before a reset was for the
 * previous person or space: its outcome is neither shown nor saved. The request layer refuses
 * answers that arrive after a sign-out, but not the work after them: a search of the device, or
 * of the server whose answer is being saved, finishes later and would otherwise put the previous
 * person's query back in the search box of the next person on a shared computer; a reload cut
 * short by the sign-out would show them its error.
 */
let generation = 0;

/** Whether nothing was reset since `asked` (a `generation` read when the call was made). */
const stillCurrent = (asked: number) => asked === generation;

async function saveHistoryRows(spaceId: string, sessions: HistorySessionDto[], complete: boolean, asked: number, firstPage = false): Promise<void> {
  await db.transaction('rw', db.sessions, db.meta, async () => {
    // Checked as the transaction starts: the logout wipe's transaction, begun with the reset, then
    // either comes after this one (and clears its rows) or has already run (and nothing is written).
    if (!stillCurrent(asked)) return;
    const saved = new Map((await db.sessions.where('spaceId').equals(spaceId).toArray()).map((row) => [row.id, row]));
    // The whole history in one answer: chats the device still holds but the server no longer lists were deleted elsewhere.
    if (complete) await db.sessions.bulkDelete([...saved.keys()].filter((id) => !sessions.some((session) => session.id === id)));
    await db.sessions.bulkPut(sessions.map((dto) => toSessionRow(spaceId, dto, saved.get(dto.id))));
    // The newest chats are on the device: an empty list now means the space has none.
    if (firstPage) await markSynced(SESSIONS_SYNC_NAME, spaceId);
  });
}

/** The first page, or (more) the next one. */
export async function loadHistory(options: { more?: boolean } = {}): Promise<void> {
  const space = getCurrentSpace();
  if (!space || historyState.loading) return;
  historyState.loading = true;
  const asked = generation;
  const offset = options.more ? historyState.loaded : 0;
  try {
    const page = await historyApi.list(offset, HISTORY_PAGE);
    await saveHistoryRows(space.id, page.sessions, offset === 0 && !page.has_more, asked, offset === 0);
    if (!stillCurrent(asked)) return;
    historyState.loaded = offset + page.sessions.length;
    historyState.hasMore = page.has_more;
    historyState.error = null;
  } catch (error) {
    if (stillCurrent(asked)) historyState.error = historyErrorMessage(error, HISTORY_ERRORS.load);
  } finally {
    // After a reset `loading` is the next session's (its own first page may be on its way).
    if (stillCurrent(asked)) historyState.loading = false;
  }
}

let searching: AbortController | null = null;

/** Searches the server; offline, or when it cannot be reached, the chats saved on this device. */
export async function searchHistory(query: string): Promise<void> {
  searching?.abort();
  const space = getCurrentSpace();
  if (!space) return;
  if (query.trim() === '') {
    historyState.search = initialSearch();
    return;
  }
  if (searchTerms(query).length === 0) {
    historyState.search = { ...initialSearch(), query, status: 'done', message: HISTORY_TEXTS.queryWithoutWords };
    return;
  }
  const controller = new AbortController();
  searching = controller;
  const asked = generation;
  historyState.search = { ...historyState.search, query, status: 'searching', message: null };
  // Only the latest search of this session shows its results (see `generation`).
  const finish = (result: Omit<SearchState, 'query' | 'status'>) => {
    if (searching === controller && stillCurrent(asked)) historyState.search = { query, status: 'done', ...result };
  };
  const onDevice = async () => finish({ source: 'device', hits: await searchSavedChats(space.id, query), message: null });
  if (!connectivity.online) return onDevice();
  try {
    const answer = await historyApi.search(query, controller.signal);
    await saveHistoryRows(space.id, answer.results.map((hit) => hit.session), false, asked);
    const rows = new Map((await db.sessions.bulkGet(answer.results.map((hit) => hit.session.id))).filter((row) => row !== undefined).map((row) => [row.id, row]));
    finish({
      source: 'server',
      hits: answer.results.flatMap((hit) => {
        const session = rows.get(hit.session.id);
        return session ? [{ session, snippet: hit.snippet, messageId: hit.message_id }] : [];
      }),
      message: null,
    });
  } catch (error) {
    if (controller.signal.aborted) return;
    if (error instanceof ApiError && error.code === 'NETWORK_ERROR') return onDevice();
    finish({ source: 'server', hits: [], message: historyErrorMessage(error, HISTORY_ERRORS.search) });
  }
}

async function applyChange(sessionId: string, change: { title?: string; pinned?: boolean }, fallback: string): Promise<void> {
  const space = getCurrentSpace();
  if (!space) return;
  try {
    const session = await historyApi.change(sessionId, change);
    await db.sessions.put(toSessionRow(space.id, session));
  } catch (error) {
    throw new Error(historyErrorMessage(error, fallback));
  }
}

export const renameChat = (sessionId: string, title: string) => applyChange(sessionId, { title: title.trim() }, HISTORY_ERRORS.rename);
export const setChatPinned = (sessionId: string, pinned: boolean) => applyChange(sessionId, { pinned }, HISTORY_ERRORS.pin);

/** Chats deleted in this tab whose undo is still offered (their saved messages are kept until then). */
const undoable = new Set<string>();

/** Deletes on the server, then hides the chat here (its saved messages stay until the undo is no longer offered). */
export async function deleteChat(sessionId: string): Promise<DeletedSession> {
  let deleted: DeletedSession;
  try {
    deleted = await historyApi.remove(sessionId);
  } catch (error) {
    throw new Error(historyErrorMessage(error, HISTORY_ERRORS.remove));
  }
  await db.sessions.delete(sessionId);
  undoable.add(sessionId);
  historyState.search.hits = historyState.search.hits.filter((hit) => hit.session.id !== sessionId);
  return deleted;
}

export async function restoreChat(sessionId: string): Promise<void> {
  const space = getCurrentSpace();
  if (!space) return;
  try {
    const session = await historyApi.restore(sessionId);
    await db.sessions.put(toSessionRow(space.id, session));
    undoable.delete(sessionId);
  } catch (error) {
    throw new Error(historyErrorMessage(error, HISTORY_ERRORS.restore));
  }
}

/** The undo is no longer offered: the deleted chat's saved messages go too. */
export async function forgetDeletedChat(sessionId: string): Promise<void> {
  if (!undoable.delete(sessionId)) return;
  await db.messages.where('sessionId').equals(sessionId).delete();
}

export function resetHistory(): void {
  generation += 1;
  searching?.abort();
  undoable.clear();
  Object.assign(historyState, initial());
}

onSessionReset(resetHistory);
onSpaceSwitch(() => {
  resetHistory();
});
