/**
 * Files attached from the computer in the message box (paperclip, drop, paste). An image goes into
 * Creative Assets and with the message as an asset (send-image-asset.ts). Any other file goes into the
 * space's knowledge base the way the Knowledge Base screen sends it (sign → PUT with progress →
 * commit, its limits and its §8 texts), is followed until processed, and then becomes a context
 * document of the message (composer-context.store.ts), as if ticked in the Context picker: the
 * reply reads and cites it. A file the space already holds (same content) is attached as that
 * document, not uploaded again.
 *
 * Per message box (its draft key), in memory: a reload forgets files still on their way (the ones
 * already processed are in the knowledge base and one tick away in the Context picker).
 */
import { proxy, ref } from 'valtio';
import { ApiError } from '../../../api';
import { describeError, logger } from '../../../lib/logger';
import type { KnowledgeDocument } from '../../../contract/knowledge';
import { getCurrentSpaceId, onSessionReset, onSpaceSwitch } from '../../../session';
import { assetsApi } from '../../assets/assets.api';
import { removeAsset } from '../../assets/assets.queries';
import { knowledgeApi } from '../../knowledge/knowledge.api';
import { sendDocumentFile } from '../../knowledge/send-document-file';
import { removeDocument, saveDocument } from '../../knowledge/knowledge.queries';
import { watchDocument } from '../../knowledge/knowledge.store';
import { uploadFailureMessage } from '../../knowledge/upload-flow';
import { hashFile } from '../../uploads/hash-files';
import { attachDocument, CONTEXT_LIMITS } from '../context/composer-context.store';
import { isImageForAssets, sendImageAsset } from './send-image-asset';

/** 'attached': an image in Creative Assets, ready to go with the message as one of its assets. */
export type AttachmentPhase = 'reading' | 'uploading' | 'processing' | 'attached' | 'failed';

export interface ComposerAttachment {
  key: string;
  filename: string;
  phase: AttachmentPhase;
  /** 0–100 while the bytes go up. */
  progress: number;
  /** Why it failed, in the knowledge base's words. */
  message: string | null;
  /** The knowledge document, once committed (or found already in the space). */
  documentId: string | null;
  /** An image's asset in Creative Assets, once there (isImageForAssets). */
  assetId: string | null;
}

export const composerAttachments = proxy<{ byKey: Record<string, ComposerAttachment[]> }>({ byKey: {} });

/** The files themselves, kept out of the proxy (handed to workers and XHR as they are), for Retry. */
const files = new Map<string, { file: File; spaceId: string }>();
/** Each file's sending under way: Remove aborts it (removeAttachment). */
const sendings = new Map<string, AbortController>();
let sequence = 0;

export const DOCUMENT_FAILED_TEXT = (filename: string) => `${filename} could not be read. Remove it, or retry.`;
export const CONTEXT_FULL_TEXT = `A message can take at most ${CONTEXT_LIMITS.reference} knowledge documents.`;

export function attachmentsOf(contextKey: string): readonly ComposerAttachment[] {
  return composerAttachments.byKey[contextKey] ?? [];
}

function find(contextKey: string, key: string): ComposerAttachment | undefined {
  return composerAttachments.byKey[contextKey]?.find((entry) => entry.key === key);
}

function update(contextKey: string, key: string, change: Partial<ComposerAttachment>): void {
  const entry = find(contextKey, key);
  if (entry) Object.assign(entry, change);
}

function forget(contextKey: string, key: string): void {
  files.delete(key);
  sendings.get(key)?.abort();
  sendings.delete(key);
  const current = composerAttachments.byKey[contextKey];
  if (!current) return;
  const rest = current.filter((entry) => entry.key !== key);
  if (rest.length > 0) composerAttachments.byKey[contextKey] = rest;
  else delete composerAttachments.byKey[contextKey];
}

/** Starts attaching each file to the message box `contextKey`. */
export function attachFiles(contextKey: string, chosen: readonly File[]): void {
  const spaceId = getCurrentSpaceId();
  if (!spaceId) return;
  for (const file of chosen) {
    sequence += 1;
    const key = `attachment-${sequence}`;
    files.set(key, { file: ref(file), spaceId });
    composerAttachments.byKey[contextKey] = [
      ...attachmentsOf(contextKey),
      { key, filename: file.name, phase: 'reading', progress: 0, message: null, documentId: null, assetId: null },
    ];
    void send(contextKey, key);
  }
}

/** Sends a failed file again (its row stays where it was). */
export function retryAttachment(contextKey: string, key: string): void {
  if (!files.has(key)) return;
  update(contextKey, key, { phase: 'reading', progress: 0, message: null, documentId: null, assetId: null });
  void send(contextKey, key);
}

/**
 * Takes a file off the message. While it is being read or uploaded this cancels the upload: the
 * PUT is aborted (the server keeps nothing of an unfinished PUT) and nothing is committed, so no
 * document appears in the knowledge base; a commit already on its way is deleted once it answers.
 * A file already processing is in the knowledge base, like any document there: it stays, only off
 * this message (as when a context chip is removed); so does an image already in Creative Assets.
 */
export function removeAttachment(contextKey: string, key: string): void {
  forget(contextKey, key);
}

/** The id of a document in the space with this content, if any (null when unknown). */
async function documentWithHash(hash: string, spaceId: string): Promise<string | null> {
  const answer = await knowledgeApi.checkHashes([hash], spaceId);
  return answer.existing?.find((entry) => entry.hash.toLowerCase() === hash)?.document_id ?? null;
}

async function send(contextKey: string, key: string): Promise<void> {
  const held = files.get(key);
  if (!held) return;
  const { file, spaceId } = held;
  sendings.get(key)?.abort();
  const sending = new AbortController();
  sendings.set(key, sending);
  const { signal } = sending;
  const stillWanted = () => !signal.aborted && find(contextKey, key) !== undefined && getCurrentSpaceId() === spaceId;
  try {
    const hash = await hashFile(file);
    if (!stillWanted()) return;
    if (isImageForAssets(file)) {
      update(contextKey, key, { phase: 'uploading' });
      const image = await sendImageAsset(file, hash, spaceId, { signal, onProgress: (percent) => update(contextKey, key, { progress: percent }) });
      // Removed while the commit was on its way: the asset it made is not wanted either.
      if (signal.aborted) return image.created ? await discardAsset(image.assetId) : undefined;
      if (stillWanted()) update(contextKey, key, { phase: 'attached', progress: 100, assetId: image.assetId });
      return;
    }
    // Already in the space: attach that document rather than upload a copy (the server would refuse it).
    const existing = await documentWithHash(hash, spaceId).catch(() => null);
    let documentId = existing;
    if (!documentId) {
      update(contextKey, key, { phase: 'uploading' });
      try {
        const committed = await sendDocumentFile(file, hash, null, { signal, onProgress: (percent) => update(contextKey, key, { progress: percent }) });
        // Removed while the commit was on its way: the document it made is not wanted either.
        if (signal.aborted) return await discardCommitted(committed.id);
        if (committed.document) await saveDocument(spaceId, committed.document);
        documentId = committed.id;
      } catch (thrown) {
        // Sent meanwhile (another tab, a lost answer): the server says 409; attach the one it has.
        const twin = isConflict(thrown) ? await documentWithHash(hash, spaceId).catch(() => null) : null;
        if (!twin) throw thrown;
        documentId = twin;
      }
    }
    if (!stillWanted()) return;
    update(contextKey, key, { phase: 'processing', progress: 100, documentId });
    const status = await knowledgeApi.documentStatus(documentId);
    await saveDocument(spaceId, status);
    if (!stillWanted()) return;
    if (status.status === 'processing' || status.status === 'uploading') watchDocument(documentId);
    else settleAttachment(contextKey, key, status);
  } catch (thrown) {
    if (signal.aborted) return;
    update(contextKey, key, { phase: 'failed', message: uploadFailureMessage(file.name, thrown) });
  } finally {
    if (sendings.get(key) === sending) sendings.delete(key);
  }
}

/** Deletes an asset committed for an image removed meanwhile, on the server and on the device. */
async function discardAsset(assetId: string): Promise<void> {
  await assetsApi.remove(assetId).catch((error: unknown) => logger.warn('Could not delete the asset of a removed attachment', { error: describeError(error) }));
  await removeAsset(assetId);
}

/** The images in Creative Assets waiting to go with the message (phase 'attached'). */
export function attachedAssetIds(contextKey: string): string[] {
  return attachmentsOf(contextKey).flatMap((entry) => (entry.phase === 'attached' && entry.assetId ? [entry.assetId] : []));
}

/** The message went: its images' chips leave (the images stay in Creative Assets). */
export function clearSentAttachments(contextKey: string, assetIds: readonly string[]): void {
  for (const entry of attachmentsOf(contextKey)) {
    if (entry.phase === 'attached' && entry.assetId && assetIds.includes(entry.assetId)) forget(contextKey, entry.key);
  }
}

/** Deletes a document committed for a file removed meanwhile, on the server and on the device. */
async function discardCommitted(documentId: string): Promise<void> {
  await knowledgeApi.deleteDocument(documentId).catch((error: unknown) => logger.warn('Could not delete the document of a removed attachment', { error: describeError(error) }));
  await removeDocument(documentId);
}

function isConflict(thrown: unknown): boolean {
  const error = thrown instanceof Error && thrown.cause instanceof ApiError ? thrown.cause : thrown;
  return error instanceof ApiError && error.status === 409;
}

/**
 * A processing document finished (its status read from the device, where the knowledge base's
 * status stream and poll write it): ready → it becomes a context document of the message and its
 * chip a context chip; error → the chip says so and offers Retry.
 */
export function settleAttachment(contextKey: string, key: string, document: Pick<KnowledgeDocument, 'id' | 'filename' | 'status'>): void {
  const entry = find(contextKey, key);
  if (!entry || entry.phase !== 'processing') return;
  if (document.status === 'ready') {
    if (attachDocument(contextKey, { id: document.id, filename: entry.filename, kind: 'reference' })) forget(contextKey, key);
    else update(contextKey, key, { phase: 'failed', message: CONTEXT_FULL_TEXT });
  } else if (document.status === 'error') {
    update(contextKey, key, { phase: 'failed', message: DOCUMENT_FAILED_TEXT(entry.filename) });
  }
}

// Files belong to a space, and to the person signed in.
const forgetAll = () => {
  files.clear();
  for (const sending of sendings.values()) sending.abort();
  sendings.clear();
  composerAttachments.byKey = {};
};
onSpaceSwitch(forgetAll);
onSessionReset(forgetAll);
