/**
 * "Last updated" bookkeeping and whole-list snapshots: the write side of Server → Dexie → UI.
 */
import type { Table } from 'dexie';
import { db, type AssetCollectionRow, type AssetRow, type DocumentRow, type MessageRow, type SessionRow, type TransactionRow } from './mosaic-db';

/** Storage key of a named fact for a space (null: not tied to a space). */
export function metaKey(name: string, spaceId: string | null): string {
  return spaceId === null ? `global/${name}` : `space/${spaceId}/${name}`;
}

/**
 * Saves what a screen last saw under a name for a space (a plan summary, the agents catalogue,
 * dashboard figures). A plain copy is written: live store objects (valtio proxies) fail IndexedDB's
 * structured clone, and the values are the server's JSON anyway.
 */
export async function saveValue(name: string, spaceId: string, value: unknown, at: number = Date.now()): Promise<void> {
  await db.meta.put({ key: metaKey(name, spaceId), name, spaceId, value: JSON.parse(JSON.stringify(value)) as unknown, updatedAt: at });
}

/** The value saved under a name for a space, or undefined. Callers check its shape. */
export async function readValue(name: string, spaceId: string): Promise<unknown> {
  return (await db.meta.get(metaKey(name, spaceId)))?.value;
}

/** Records that `name` (e.g. 'documents') was just fetched for a space. */
export async function markSynced(name: string, spaceId: string | null, at: number = Date.now()): Promise<void> {
  await db.meta.put({ key: metaKey(name, spaceId), name, spaceId, value: at, updatedAt: at });
}

/** When `name` was last synced for a space, in epoch milliseconds; null when never. */
export async function readLastSynced(name: string, spaceId: string | null): Promise<number | null> {
  const row = await db.meta.get(metaKey(name, spaceId));
  return typeof row?.value === 'number' ? row.value : null;
}

interface SnapshotTables {
  assets: AssetRow;
  assetCollections: AssetCollectionRow;
  documents: DocumentRow;
  sessions: SessionRow;
  messages: MessageRow;
  transactions: TransactionRow;
}
export type SnapshotTableName = keyof SnapshotTables;

/**
 * Which saved rows a fetched list replaces: a space's rows, or (messages) one session's rows in
 * that space.
 */
export interface SnapshotScope {
  spaceId: string;
  sessionId?: string;
}

export interface SnapshotOptions<Row> {
  /** Marks `name` synced for the scope's space in the same transaction. */
  syncName?: string;
  /** Saved rows the list does not mention but that must stay (e.g. unconfirmed messages). */
  keep?: (row: Row) => boolean;
  /**
   * Asked inside the transaction, before anything is written: true when the device took in newer
   * rows after the list was asked for, and the list would take them away. Nothing is saved then.
   * Asked there, not before: a write queued after the question waits for this transaction.
   */
  outdated?: () => boolean;
}

/**
 * Makes the saved rows of a scope equal to a freshly fetched list: rows in the list are written,
 * rows of the scope missing from it (deleted elsewhere) are removed. All in one transaction, so a
 * screen never sees a half-replaced list. Answers false when `outdated` said so and nothing was saved.
 */
export async function saveSnapshot<Name extends SnapshotTableName>(
  tableName: Name,
  scope: SnapshotScope,
  rows: ReadonlyArray<SnapshotTables[Name]>,
  options: SnapshotOptions<SnapshotTables[Name]> = {},
): Promise<boolean> {
  // The row types differ per table, but every one is keyed by `id` and carries the scope field.
  const table = db.table(tableName) as Table<SnapshotTables[Name], string>;
  const [field, value] = scope.sessionId === undefined ? ['spaceId', scope.spaceId] : ['sessionId', scope.sessionId];
  return db.transaction('rw', [table, db.meta], async () => {
    if (options.outdated?.() === true) return false;
    const fresh = new Set(rows.map((row) => row.id));
    const saved = await table.where(field).equals(value).toArray();
    const stale = saved.filter((row) => !fresh.has(row.id) && !(options.keep?.(row) ?? false)).map((row) => row.id);
    await table.bulkDelete(stale);
    await table.bulkPut([...rows]);
    if (options.syncName) await markSynced(options.syncName, scope.spaceId);
    return true;
  });
}
