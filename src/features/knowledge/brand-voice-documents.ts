/**
 * A knowledge document as the start of the brand voice: which documents are brand voice documents,
 * and how the knowledge base hands one to Workspace Settings ("Use as brand voice"). Kept here, in
 * the knowledge base the brand voice draws on, so that Workspace Settings imports the knowledge
 * base and never the other way round.
 */

/** /workspace-settings?from-document=<id> opens with that document's text as the draft ("Use as brand voice"). */
export const FROM_DOCUMENT_PARAM = 'from-document';

/** Why the brand voice cannot be changed by a member (the server's 403 says the same). */
export const ONLY_MANAGERS_EDIT_BRAND_VOICE = 'Only organisation owners and admins can change the brand voice.';

/** The subcategory the knowledge base files brand voice documents under (contract/knowledge-categories.ts). */
export const BRAND_VOICE_SUBCATEGORY = 'brand_voice';

export function isBrandVoiceDocument(document: { subcategory: string | null }): boolean {
  return document.subcategory === BRAND_VOICE_SUBCATEGORY;
}
