/**
 * "Use as brand voice": a brand guidelines document's text becomes the organisation's brand voice,
 * through the same GET and PUT of the brand voice Workspace Settings saves with (owners and admins
 * only; the server refuses anyone else and audits the change). A brand voice already written is
 * replaced only once the person confirms: the screen's UseAsBrandVoiceHost asks, and says how it went.
 *
 * Asked for from a document's row, or from the toast that says a just-uploaded file was filed as
 * brand guidelines.
 */
import { proxy } from 'valtio';
import { toast } from 'sonner';
import { callEndpoint } from '../../api';
import { isOrgManagerRole } from '../../contract/auth';
import type { KnowledgeDocument } from '../../contract/knowledge';
import { subcategoryLabel } from '../../contract/knowledge-categories';
import { SETTINGS_ROUTES } from '../../contract/settings-routes';
import { authState, onSessionReset, onSpaceSwitch } from '../../session';
import { draftFromDocument, isBrandVoiceDocument, type DocumentDraft } from './brand-voice-documents';

export interface BrandVoiceSource {
  id: string;
  filename: string;
}

/** The document someone asked to use as the brand voice, until the host has dealt with it. */
export const brandVoiceUse = proxy<{ request: BrandVoiceSource | null }>({ request: null });

/** Whether the signed-in person may set the brand voice (the action is not shown to others). */
export const canSetBrandVoice = (): boolean => isOrgManagerRole(authState.user?.role);

export function requestBrandVoiceUse(source: BrandVoiceSource): void {
  if (brandVoiceUse.request === null) brandVoiceUse.request = { id: source.id, filename: source.filename };
}

export function finishBrandVoiceUse(): void {
  brandVoiceUse.request = null;
}

/** True when the organisation already has a brand voice, which using the document would replace. */
export async function brandVoiceIsWritten(): Promise<boolean> {
  const voice = await callEndpoint(SETTINGS_ROUTES.brandVoice, {});
  return voice.content.trim() !== '';
}

/** Reads the document and saves its text as the brand voice. */
export async function setBrandVoiceFrom(source: BrandVoiceSource): Promise<DocumentDraft> {
  const draft = await draftFromDocument(source.id);
  await callEndpoint(SETTINGS_ROUTES.saveBrandVoice, { body: { content: draft.text } });
  return draft;
}

/** Documents uploaded from this screen whose category is not known yet: each may earn the offer once. */
const awaitingCategory = new Set<string>();
/** Screens able to carry out the offer (the Knowledge Base mounts one host). */
let hosts = 0;

/** Offers on screen: leaving the screen takes them away, since nothing there could carry them out. */
const offers = new Set<string>();

export function registerBrandVoiceHost(): () => void {
  hosts += 1;
  return () => {
    hosts -= 1;
    if (hosts > 0) return;
    for (const id of offers) toast.dismiss(id);
    offers.clear();
  };
}

/** A file was just uploaded: once processed, if filed as brand guidelines, the toast offers it as the brand voice. */
export function awaitCategory(documentId: string): void {
  awaitingCategory.add(documentId);
}

/** A watched document finished processing: the offer, for a just-uploaded brand guidelines document. */
export function documentFinished(document: KnowledgeDocument): void {
  if (!awaitingCategory.delete(document.id)) return;
  if (document.status !== 'ready' || !isBrandVoiceDocument(document) || !canSetBrandVoice() || hosts === 0) return;
  const source = { id: document.id, filename: document.filename };
  const id = `brand-voice-offer-${document.id}`;
  offers.add(id);
  toast.success(`“${document.filename}” is ready, filed as ${subcategoryLabel(document.subcategory)}.`, {
    id,
    onDismiss: () => offers.delete(id),
    onAutoClose: () => offers.delete(id),
    description: 'Its text can become the brand voice every agent follows.',
    duration: 20_000,
    action: { label: 'Use as brand voice', onClick: () => requestBrandVoiceUse(source) },
  });
}

const forget = () => {
  awaitingCategory.clear();
  brandVoiceUse.request = null;
};
onSessionReset(forget);
onSpaceSwitch(forget);
