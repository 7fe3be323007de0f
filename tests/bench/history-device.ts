/**
 * bench:history's device part, the same in Node (fake-indexeddb) and in Chromium (bundled into
 * history-search-page.ts): the corpus written through the app's Dexie database, so its own hooks
 * fill the `words` index, then the app's searchSavedChats timed over the query mix.
 */
import { db } from '../../src/db';
import { searchSavedChats } from '../../src/features/agents/history/offline-search';
import { COMMON, RARE, corpus, deviceRows, timeSearches } from './history-corpus';

const SPACE = 'bench-space';

/** Writes `messages` messages (and their chats) as the app does, one chat per bulkPut; returns the time taken (ms). */
export async function fillDevice(messages: number): Promise<number> {
  await db.open();
  const { sessions, messagesOf } = deviceRows(corpus(messages, 7), SPACE);
  const started = performance.now();
  await db.sessions.bulkPut(sessions);
  for (let i = 0; i < sessions.length; i += 1) await db.messages.bulkPut(messagesOf(i));
  return performance.now() - started;
}

export interface DeviceTimes {
  rare: number[];
  common: number[];
}

export async function timeDeviceSearches(rounds: number): Promise<DeviceTimes> {
  const run = (query: string) => searchSavedChats(SPACE, query);
  return { rare: await timeSearches(RARE, rounds, run), common: await timeSearches(COMMON, rounds, run) };
}
