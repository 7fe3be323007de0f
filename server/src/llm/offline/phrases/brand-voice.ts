/** The Brand Voice agent's phrase banks and rewrite rules. Placeholders as in phrases/email.ts. */

/** Rewrites a brand editor applies to marketing copy, in order (deterministic). */
export const COPY_REWRITES: readonly [RegExp, string][] = [
  [/\bwe are (?:excited|thrilled|delighted|proud) to (?:announce|introduce|share)\b/gi, 'meet'],
  [/\butili[sz](?:e|es|ing)\b/gi, 'use'],
  [/\bleverag(?:e|es|ing)\b/gi, 'use'],
  [/\bin order to\b/gi, 'to'],
  [/\bsynerg(?:y|ies)\b/gi, 'teamwork'],
  [/\bbest[- ]in[- ]class\b/gi, 'proven'],
  [/\bworld[- ]class\b/gi, 'excellent'],
  [/\bcutting[- ]edge\b/gi, 'modern'],
  [/\bstate[- ]of[- ]the[- ]art\b/gi, 'modern'],
  [/\bseamless(?:ly)?\b/gi, 'smooth'],
  [/\bsolutions?\b/gi, 'tools'],
  [/\bempower(?:s|ing)?\b/gi, 'help'],
  [/\bat this point in time\b/gi, 'now'],
  [/\bthe very best\b/gi, 'the best'],
  [/\b(?:very|really|extremely|basically|actually|just|truly|simply)\s+/gi, ''],
];

export const VERDICTS_CLOSE: readonly string[] = ['Close to on-brand: the idea is right, the wording needs a light edit.', 'Nearly there: a few words pull it off-brand.'];
export const VERDICTS_FAR: readonly string[] = ['Off-brand as written: the jargon hides the benefit. The rewrite below keeps the idea and says it plainly.', 'Not yet on-brand: it talks about us more than about the customer, and the buzzwords get in the way.'];
export const VERDICTS_CLEAN: readonly string[] = ['On-brand: plain, direct and about the reader. Only small polish suggested below.', 'This already sounds like the brand: clear and warm. A tighter version is below.'];

export const SUMMARY_LEADS: readonly string[] = ['{^yours}, boiled down to rules a new writer can follow on day one:', 'Here is {yours} as rules anyone on the team can apply:'];

export const WRITE_LEADS: readonly string[] = ['Lines for {yours}, written to the voice:', 'On-brand options for {yours}:'];

/** Lines for a request to write something short on brand (taglines, headlines). */
export const ON_BRAND_LINES: readonly string[] = [
  '{^topic}: made for the way you live.',
  'Good things, done properly: {topic}.',
  '{^topic}, without the fuss.',
  'Come for {topic}. Stay for the people.',
  'Simply better {topic}.',
  '{^topic}: worth making time for.',
];

/** Rules of a clear, friendly brand voice, when the organisation has not written its own. */
export const VOICE_PRACTICE: readonly string[] = [
  'Talk to one person: "you" more than "we".',
  'Lead with the benefit, then the feature.',
  'Plain words over jargon: "use", not "leverage".',
  'Short sentences, active verbs: under 20 words each.',
  'Confident, not loud: no exclamation marks, no superlatives you cannot prove.',
  'Be specific: a number or an example beats an adjective.',
];

export const VOICE_STEPS: readonly string[] = [
  'Read the rewrite aloud: if a sentence sounds like a press release, cut it again.',
  'Check every claim against a source document before publishing.',
  'Share the before and after with the team so the same fixes are made next time.',
  'Add the phrases you replaced to a "words we do not use" list.',
];

/** Direct answers to a question about how to say something, before the example. */
export const ADVICE: readonly string[] = [
  'Say it plainly and early, explain why in one sentence, and show {audience} what stays the same.',
  'Lead with what it means for {audience}, give the honest reason, and end with what you will do for them.',
];

/** An example paragraph for a question about how to say something. */
export const EXAMPLES: readonly string[] = [
  'Here is how it could sound: "We want you to hear this from us first. We are making a change to {topic}, and here is exactly what it means for you, why we are doing it, and what stays the same."',
  'For example: "A quick, honest update about {topic}. Here is what changes, when, and what we are doing to keep it worth your while."',
];
