/**
 * Where the brand voice applies, in the same words wherever it is shown: it is the organisation's
 * (spec 001 §1: "a text of brand voice is kept per organization"), so every space of it.
 */
export function brandVoiceScope(organisationName: string | null | undefined): string {
  return organisationName ? `every space of ${organisationName}` : 'every space of your organisation';
}
