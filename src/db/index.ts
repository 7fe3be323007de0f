/** Public surface of the saved data (the device read model). Everything else imports from here. */
export {
  db,
  DATABASE_NAME,
  MosaicDB,
  SPACE_SCOPED_TABLES,
  type DocumentRow,
  type DraftRow,
  type MessageRow,
  type MetaRow,
  type SessionRow,
  type SpaceScopedTableName,
  type TransactionRow,
} from './mosaic-db';
export { wipeAll, wipeSpace } from './wipe';
export {
  markSynced,
  metaKey,
  readLastSynced,
  readValue,
  saveSnapshot,
  saveValue,
  type SnapshotOptions,
  type SnapshotScope,
  type SnapshotTableName,
} from './sync-meta';
export { clearDraft, readDraft, saveDraft } from './drafts';
export { guardStorageWrite, isQuotaExceededError, onStorageFull, STORAGE_FULL_MESSAGE, storageErrorMessage } from './quota';
export { useLastSynced } from './hooks';
