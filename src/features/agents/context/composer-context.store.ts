/**
 * The context chosen for the next message of a chat (issue 12 item 6): knowledge documents the
 * agent should read (`referenced_document_ids`) and brand documents it should follow
 * (`brand_documents`), per message box (its draft key). Kept until the message is accepted, so a
 * refused send loses nothing; not kept across reloads (a chip is one click to put back).
 */
import { proxy } from 'valtio';
import { onSessionReset, onSpaceSwitch } from '../../../session';

export type ContextKind = 'reference' | 'brand';

export interface AttachedDocument {
  id: string;
  filename: string;
  kind: ContextKind;
}

/** The send payload's limits (the server refuses more): 50 referenced, 20 brand documents. */
export const CONTEXT_LIMITS: Record<ContextKind, number> = { reference: 50, brand: 20 };

export const composerContext = proxy<{ byKey: Record<string, AttachedDocument[]> }>({ byKey: {} });

export function attachedTo(key: string): readonly AttachedDocument[] {
  return composerContext.byKey[key] ?? [];
}

/** Adds a document (once); false when the kind's limit is reached. */
export function attachDocument(key: string, document: AttachedDocument): boolean {
  const current = composerContext.byKey[key] ?? [];
  if (current.some((entry) => entry.id === document.id)) return true;
  if (current.filter((entry) => entry.kind === document.kind).length >= CONTEXT_LIMITS[document.kind]) return false;
  composerContext.byKey[key] = [...current, document];
  return true;
}

export function detachDocument(key: string, id: string): void {
  const current = composerContext.byKey[key];
  if (current) composerContext.byKey[key] = current.filter((entry) => entry.id !== id);
}

export function clearContext(key: string): void {
  delete composerContext.byKey[key];
}

/** The payload's two lists for the message box `key`. */
export function contextPayload(key: string): { referencedDocumentIds: string[]; brandDocumentIds: string[] } {
  const attached = attachedTo(key);
  return {
    referencedDocumentIds: attached.filter((entry) => entry.kind === 'reference').map((entry) => entry.id),
    brandDocumentIds: attached.filter((entry) => entry.kind === 'brand').map((entry) => entry.id),
  };
}

// Documents belong to a space, and to the person signed in.
const forgetAll = () => {
  composerContext.byKey = {};
};
onSpaceSwitch(forgetAll);
onSessionReset(forgetAll);
