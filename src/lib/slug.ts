/**
 * Space slugs and the create-space form rule (spec 000 §5).
 */
import { z } from 'zod';

/** Lowercase; every run of other characters becomes one hyphen; edge hyphens trimmed. */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export const CREATE_SPACE_MESSAGES = {
  nameRequired: 'Name is required',
  slugRequired: 'Slug is required',
  slugCharacters: 'Slug may only contain lowercase letters, numbers and hyphens',
} as const;

const createSpaceSchema = z.object({
  name: z.string().trim().min(1, CREATE_SPACE_MESSAGES.nameRequired),
  slug: z
    .string()
    .trim()
    .min(1, CREATE_SPACE_MESSAGES.slugRequired)
    .regex(/^[a-z0-9-]+$/, CREATE_SPACE_MESSAGES.slugCharacters),
});

export interface CreateSpaceValidation {
  valid: boolean;
  errors: { name?: string; slug?: string };
}

/** Valid only with a non-blank name and a non-blank slug of lowercase letters, digits and hyphens. */
export function validateCreateSpace(input: { name: string; slug: string }): CreateSpaceValidation {
  const result = createSpaceSchema.safeParse(input);
  if (result.success) return { valid: true, errors: {} };
  const errors: CreateSpaceValidation['errors'] = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    // Keep the first problem per field: "required" explains more than "bad characters".
    if ((field === 'name' || field === 'slug') && errors[field] === undefined) errors[field] = issue.message;
  }
  return { valid: false, errors };
}
