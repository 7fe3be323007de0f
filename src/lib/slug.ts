/**
 * Space slugs and the create-space form rule (spec 000 §5).
 */

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

const SLUG_CHARACTERS = /^[a-z0-9-]+$/;

/** The first problem with a field: "required" explains more than "bad characters". */
function nameError(name: string): string | undefined {
  return name.trim() === '' ? CREATE_SPACE_MESSAGES.nameRequired : undefined;
}

function slugError(slug: string): string | undefined {
  const trimmed = slug.trim();
  if (trimmed === '') return CREATE_SPACE_MESSAGES.slugRequired;
  return SLUG_CHARACTERS.test(trimmed) ? undefined : CREATE_SPACE_MESSAGES.slugCharacters;
}

export interface CreateSpaceValidation {
  valid: boolean;
  errors: { name?: string; slug?: string };
}

/** Valid only with a non-blank name and a non-blank slug of lowercase letters, digits and hyphens. */
export function validateCreateSpace(input: { name: string; slug: string }): CreateSpaceValidation {
  const name = nameError(input.name);
  const slug = slugError(input.slug);
  const errors: CreateSpaceValidation['errors'] = { ...(name ? { name } : {}), ...(slug ? { slug } : {}) };
  return { valid: !name && !slug, errors };
}
