/**
 * Where the brand voice applies, in the same words wherever it is shown: it is the organisation's
 * (spec 001 §1: "a text of brand voice is kept per organization"), so every space of it.
 */
export function brandVoiceScope(organisationName: string | null | undefined): string {
  return organisationName ? `every space of ${organisationName}` : 'every space of your organisation';
}

/** Why the brand voice cannot be changed by a member (the server's 403 says the same). */
export const ONLY_MANAGERS_EDIT_BRAND_VOICE = 'Only organisation owners and admins can change the brand voice.';

/** /workspace-settings?from-document=<id> opens with that document's text as the draft ("Use as brand voice"). */
export const FROM_DOCUMENT_PARAM = 'from-document';

/** The subcategory the knowledge base files brand voice documents under (contract/knowledge-categories.ts). */
export const BRAND_VOICE_SUBCATEGORY = 'brand_voice';

export function isBrandVoiceDocument(document: { subcategory: string | null }): boolean {
  return document.subcategory === BRAND_VOICE_SUBCATEGORY;
}
