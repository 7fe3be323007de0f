/** Public surface of the saved data (the device read model). Everything else imports from here. */
export {
  db,
  DATABASE_NAME,
  MosaicDB,
  SPACE_SCOPED_TABLES,
  type AgentModeRunRow,
  type AgentModeStepRow,
  type ChatBranchRow,
  type AssetCollectionRow,
  type AssetRow,
  type AssetThumbnailRow,
  type DocumentRow,
  type DocumentTextRow,
  type PromptTemplateRow,
  type DraftRow,
  type MessageRow,
  type MetaRow,
  type OutboxRow,
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
export { clearDraft, DRAFT_ON_LEAVE_KEY, readDraft, saveDraft, saveDraftOnLeave } from './drafts';
export { draftCopyKey, keepDraftCopy } from './draft-copies';
export { forgetDocumentText, saveDocumentText, MAX_SAVED_CHARACTERS, MAX_SAVED_TEXTS } from './document-texts';
export { guardStorageWrite, isQuotaExceededError, onStorageFull, STORAGE_FULL_MESSAGE, storageErrorMessage } from './quota';
export { useLastSynced } from './hooks';
