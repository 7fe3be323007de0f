/**
 * Knowledge-base actions: staging with duplicate flags, the documents list (Server → Dexie),
 * deletion, search, and following documents being processed (the server's status stream, with
 * polling as the fallback). Uploads are in upload-flow.ts.
 */
import { ref } from 'valtio';
import { toast } from 'sonner';
import { ApiError } from '../../api';
import type { KnowledgeDocument } from '../../contract/knowledge';
import { onConnectionBack } from '../../pwa';
import { getCurrentSpaceId, onSessionReset, onSpaceSwitch } from '../../session';
import { hashFile } from '../uploads/hash-files';
import { knowledgeApi } from './knowledge.api';
import { CircuitOpenError, knowledgeErrorMessage } from './knowledge-errors';
import { KB_TEXT } from './knowledge.messages';
import { liveDocumentsByHash, markDocumentError, removeDocument, saveDocument, saveDocumentList, updateKnownDocument } from './knowledge.queries';
import { initialKnowledgeState, knowledgeState } from './knowledge.state';
import { addToStaging, removeFromStaging, withDuplicateFlags, type StagedFile } from './staging';
import { StatusPoller } from './status-polling';
import { StatusStream } from './status-stream';
import { documentFinished } from './brand-voice-use';

export { knowledgeState } from './knowledge.state';

/** Hash computations by staged key, so an upload can wait for a hash still being computed. */
const hashes = new Map<string, Promise<string>>();
/** Filenames of live documents by hash as last learned (Dexie, then the server's check). */
let knownDuplicates = new Map<string, string>();

const isFinal = (document: KnowledgeDocument) => document.status === 'ready' || document.status === 'error';

export const statusPoller = new StatusPoller({
  check: (id) => knowledgeApi.documentStatus(id),
  onStatus: (document) => {
    const spaceId = getCurrentSpaceId();
    if (spaceId) void saveDocument(spaceId, document);
    if (isFinal(document)) documentFinished(document);
  },
  onCheckFailed: (id, error) => void markDocumentError(id, knowledgeErrorMessage(error)),
  // The breaker refusing a call is not an answer about the document: keep polling it.
  isCheckFailure: (error) => !(error instanceof CircuitOpenError),
  pushed: (id) => statusStream.covers(id),
  onIdle: () => statusStream.stop(),
});

/** A status the server pushed: the device's record takes it, and a finished document leaves the poll. */
function applyPushedStatus(document: KnowledgeDocument): void {
  const spaceId = getCurrentSpaceId();
  if (!spaceId) return;
  void updateKnownDocument(spaceId, document);
  if (!isFinal(document)) return;
  statusPoller.unwatch(document.id);
  documentFinished(document);
}

export const statusStream = new StatusStream({
  open: (signal) => knowledgeApi.documentStream(signal),
  onDocument: applyPushedStatus,
  // A 4xx (a server without the stream, or one refusing it) will answer the same again; a 5xx or a lost connection may not.
  isRefusal: (error) => error instanceof ApiError && error.status !== null && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429,
});

/**
 * Follows a document just committed: its status from the stream while the stream tells it, else
 * by the per-document poll. The stream may have told its end before the commit's answer was saved.
 */
export function watchDocument(id: string): void {
  const told = statusStream.latest(id);
  if (told && isFinal(told)) {
    applyPushedStatus(told);
    return;
  }
  statusPoller.watch(id);
  statusStream.start();
}

/** Follows documents found processing when the list loads (the consolidated poll, or the stream). */
function watchProcessing(ids: readonly string[]): void {
  statusPoller.watchConsolidated(ids);
  statusStream.start();
}

// Back online with documents still processing: the stream is asked for again (the poll went on meanwhile).
onConnectionBack(() => {
  if (statusPoller.watching.length > 0) statusStream.start();
});

function requireSpace(): string {
  const spaceId = getCurrentSpaceId();
  if (!spaceId) throw new Error('Space context is still loading. Please wait a moment and try again.');
  return spaceId;
}

function updateStaged(key: string, change: Partial<StagedFile>): void {
  const item = knowledgeState.staged.find((entry) => entry.key === key);
  if (item) Object.assign(item, change);
}

function applyFlags(): void {
  knowledgeState.staged = withDuplicateFlags(knowledgeState.staged, knownDuplicates);
}

/** The hash of a staged file (computed once). */
export function stagedHash(item: StagedFile): Promise<string> {
  let pending = hashes.get(item.key);
  if (!pending) {
    // Progress updates are coarse (one per 8 MiB chunk), so they do not flood renders.
    pending = hashFile(item.file, (fraction) => updateStaged(item.key, { hashProgress: fraction }));
    hashes.set(item.key, pending);
  }
  return pending;
}

/**
 * Stages chosen or dropped files (spec 001 §4–§5): ignores ones already staged, hashes the new
 * ones in workers, flags duplicates against the space's documents and within the batch, then
 * asks the server which hashes it does not have yet.
 */
export async function stageFiles(files: readonly File[]): Promise<void> {
  const { staged, added, allAlreadyStaged } = addToStaging(knowledgeState.staged, files);
  if (allAlreadyStaged) {
    toast.info(KB_TEXT.allAlreadyStaged);
    return;
  }
  // The File must not be wrapped in a proxy (it is handed to workers and XHR as is).
  knowledgeState.staged = staged.map((item) => (added.includes(item) ? { ...item, file: ref(item.file) } : item));
  if (added.length === 0) return;
  const spaceId = requireSpace();
  knowledgeState.checkingDuplicates = true;
  try {
    const results = await Promise.allSettled(added.map((item) => stagedHash(item)));
    results.forEach((result, index) => {
      const key = added[index]!.key;
      if (result.status === 'fulfilled') updateStaged(key, { hash: result.value, hashProgress: 1 });
      else updateStaged(key, { hashError: 'This file could not be read. Choose it again.' });
    });
    knownDuplicates = await liveDocumentsByHash(spaceId);
    applyFlags();
    const newHashes = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    if (newHashes.length > 0) await checkWithServer(spaceId, newHashes);
  } finally {
    knowledgeState.checkingDuplicates = false;
  }
}

async function checkWithServer(spaceId: string, newHashes: string[]): Promise<void> {
  try {
    const answer = await knowledgeApi.checkHashes([...new Set(newHashes)], spaceId);
    const missing = new Set(answer.non_existing_hashes.map((hash) => hash.toLowerCase()));
    const named = new Map((answer.existing ?? []).map((entry) => [entry.hash.toLowerCase(), entry.filename]));
    for (const hash of newHashes) {
      if (missing.has(hash)) knownDuplicates.delete(hash);
      else knownDuplicates.set(hash, named.get(hash) ?? knownDuplicates.get(hash) ?? 'another document');
    }
    applyFlags();
  } catch {
    toast.warning(KB_TEXT.duplicateCheckFailed);
  }
}

export function removeStaged(key: string): void {
  hashes.delete(key);
  knowledgeState.staged = removeFromStaging(knowledgeState.staged, key, knownDuplicates);
}

export function clearStaged(): void {
  for (const item of knowledgeState.staged) hashes.delete(item.key);
  knowledgeState.staged = [];
}

/**
 * Fetches the documents (optionally one category) into Dexie; documents still processing are
 * watched by the consolidated poll. Offline, the saved list stays on screen with the error.
 */
export async function refreshDocuments(category?: string | null): Promise<void> {
  const spaceId = getCurrentSpaceId();
  if (!spaceId) return;
  knowledgeState.refreshing = true;
  try {
    const documents = await knowledgeApi.listDocuments(category ?? undefined);
    if (getCurrentSpaceId() !== spaceId) return;
    await saveDocumentList(spaceId, documents, category ?? undefined);
    knowledgeState.listError = null;
    const processing = documents.filter((document) => document.status === 'processing').map((document) => document.id);
    if (processing.length > 0) watchProcessing(processing);
  } catch (error) {
    knowledgeState.listError = knowledgeErrorMessage(error);
  } finally {
    knowledgeState.refreshing = false;
  }
}

/** Deletes a document (after the screen's confirmation). True when it is gone. */
export async function deleteDocument(id: string, filename: string): Promise<boolean> {
  try {
    await knowledgeApi.deleteDocument(id);
  } catch (error) {
    // Already gone (deleted in another tab, or a retried call): the outcome the user wanted.
    if (!(error instanceof ApiError && error.status === 404)) {
      toast.error(KB_TEXT.deleteFailed, { description: knowledgeErrorMessage(error) });
      return false;
    }
  }
  statusPoller.unwatch(id);
  await removeDocument(id);
  knowledgeState.search.results = knowledgeState.search.results?.filter((context) => context.document_id !== id) ?? null;
  toast.success(`Deleted "${filename}"`);
  return true;
}

/** Searches the space's documents; results replace the previous ones. */
export async function runSearch(query: string, k = 10): Promise<void> {
  const trimmed = query.trim();
  knowledgeState.search.query = trimmed;
  if (!trimmed) {
    knowledgeState.search = { query: '', results: null, loading: false, error: null };
    return;
  }
  knowledgeState.search.loading = true;
  knowledgeState.search.error = null;
  try {
    const results = await knowledgeApi.search(trimmed, k);
    if (knowledgeState.search.query === trimmed) knowledgeState.search.results = results;
  } catch (error) {
    if (knowledgeState.search.query === trimmed) {
      knowledgeState.search.error = `${KB_TEXT.searchFailed}: ${knowledgeErrorMessage(error)}`;
      toast.error(KB_TEXT.searchFailed, { description: knowledgeErrorMessage(error) });
    }
  } finally {
    if (knowledgeState.search.query === trimmed) knowledgeState.search.loading = false;
  }
}

export function clearSearch(): void {
  knowledgeState.search = { query: '', results: null, loading: false, error: null };
}

/** Logout or space switch: nothing staged, polled or found stays from before. */
export function resetKnowledge(): void {
  statusPoller.stop();
  statusStream.reset();
  hashes.clear();
  knownDuplicates = new Map();
  Object.assign(knowledgeState, initialKnowledgeState());
}

onSessionReset(resetKnowledge);
onSpaceSwitch(() => {
  resetKnowledge();
  return refreshDocuments();
});
