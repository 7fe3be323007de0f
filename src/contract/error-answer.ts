/**
 * The body of every error answer of the API, as the server documents and sends it. The codes
 * screens branch on are in errors.ts, which the page loads at start without a schema library.
 */
import { z } from 'zod/mini';

/** One field's problem in a 422 answer. */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });

/**
 * Every error answer of the API: `detail` is the text to show, `code` the machine code callers
 * may branch on, `errors` the fields at fault (422).
 */
export const errorAnswerSchema = z.object({
  detail: z.string(),
  code: z.optional(z.string()),
  errors: z.optional(z.array(fieldErrorSchema)),
});
export type ErrorAnswer = z.infer<typeof errorAnswerSchema>;
