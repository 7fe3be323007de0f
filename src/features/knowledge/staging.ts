/**
 * Staged files (spec 001 §4–§5): pure rules, so the store and the tests share them.
 */
import { KB_TEXT } from './knowledge.messages';

export interface StagedFile {
  /** Stable key for lists and removal. */
  key: string;
  file: File;
  /** SHA-256 (hex) once computed; null while hashing. */
  hash: string | null;
  /** 0–1 while hashing. */
  hashProgress: number;
  /** Filename of the live document with the same content, when there is one. */
  duplicateOf: string | null;
  /** Another staged file has the same content. */
  sameAsOther: boolean;
  /** Hashing failed (the file could not be read). */
  hashError: string | null;
}

let keySequence = 0;

function stagedFrom(file: File): StagedFile {
  keySequence += 1;
  return { key: `staged-${keySequence}`, file, hash: null, hashProgress: 0, duplicateOf: null, sameAsOther: false, hashError: null };
}

const identity = (file: File) => `${file.name}\u0000${file.size}`;

/**
 * Adds files to the staging list. A file with the same name and size as one already staged (or
 * earlier in the same selection) is ignored. `allAlreadyStaged` is true when the selection had
 * files and every one was ignored (spec text 'All selected files are already in the upload queue.').
 */
export function addToStaging(current: readonly StagedFile[], files: readonly File[]): { staged: StagedFile[]; added: StagedFile[]; allAlreadyStaged: boolean } {
  const seen = new Set(current.map((item) => identity(item.file)));
  const added: StagedFile[] = [];
  for (const file of files) {
    const id = identity(file);
    if (seen.has(id)) continue;
    seen.add(id);
    added.push(stagedFrom(file));
  }
  return { staged: [...current, ...added], added, allAlreadyStaged: files.length > 0 && added.length === 0 };
}

/**
 * Recomputes both duplicate flags: against live documents (`existingByHash`: hash → filename of a
 * document whose status is not error) and within the staged batch. A file that becomes the only
 * one with its hash (its twin was removed) loses 'Same as other selected files'.
 */
export function withDuplicateFlags(staged: readonly StagedFile[], existingByHash: ReadonlyMap<string, string>): StagedFile[] {
  const counts = new Map<string, number>();
  for (const item of staged) if (item.hash) counts.set(item.hash, (counts.get(item.hash) ?? 0) + 1);
  return staged.map((item) => ({
    ...item,
    duplicateOf: item.hash ? (existingByHash.get(item.hash) ?? null) : null,
    sameAsOther: item.hash ? (counts.get(item.hash) ?? 0) > 1 : false,
  }));
}

export function removeFromStaging(staged: readonly StagedFile[], key: string, existingByHash: ReadonlyMap<string, string>): StagedFile[] {
  return withDuplicateFlags(
    staged.filter((item) => item.key !== key),
    existingByHash,
  );
}

/** The flag shown next to a staged file, if any. */
export function duplicateFlag(item: Pick<StagedFile, 'duplicateOf' | 'sameAsOther'>): string | null {
  if (item.duplicateOf !== null) return KB_TEXT.alreadyUploadedAs(item.duplicateOf);
  if (item.sameAsOther) return KB_TEXT.sameAsOtherSelected;
  return null;
}

/**
 * What an upload sends: files already in the workspace are skipped (the server would refuse them
 * with 409), and of several identical staged files only the first goes.
 */
export function filesToSend(staged: readonly StagedFile[]): { send: StagedFile[]; skipped: StagedFile[] } {
  const send: StagedFile[] = [];
  const skipped: StagedFile[] = [];
  const sentHashes = new Set<string>();
  for (const item of staged) {
    if (item.duplicateOf !== null || (item.hash !== null && sentHashes.has(item.hash))) skipped.push(item);
    else {
      send.push(item);
      if (item.hash) sentHashes.add(item.hash);
    }
  }
  return { send, skipped };
}
