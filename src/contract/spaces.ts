import { z } from 'zod';
import { wireId } from './wire';

/** A workspace inside an organisation (spec 000 §3): GET /spaces/ lists them, POST /spaces/ answers one. */
export const spaceSchema = z.object({
  id: wireId,
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  is_default: z.boolean(),
});
export type Space = z.infer<typeof spaceSchema>;

/** Slugs: only lower-case letters, digits and hyphens — the same rule the create form applies (spec 000 §5). */
export const SPACE_SLUG_PATTERN = /^[a-z0-9-]+$/;

export interface CreateSpaceInput {
  name: string;
  slug: string;
  description?: string;
}

/** An archived space as Workspace Settings lists it (GET /spaces/archived), with when it was archived. */
export const archivedSpaceSchema = spaceSchema.extend({ archived_at: z.string() });
export type ArchivedSpace = z.infer<typeof archivedSpaceSchema>;

/**
 * GET /spaces/ and GET /spaces/archived answer a page at a time (docs/scale.md "Every list has a
 * bound"): `limit` spaces (SPACES_PAGE_DEFAULT unless asked, at most SPACES_PAGE_MAX) and the cursor
 * of the next page, null on the last. The list is the spec's "object with data" (spec 000 §7).
 */
export const SPACES_PAGE_DEFAULT = 100;
export const SPACES_PAGE_MAX = 200;

export const spacePageQuerySchema = z.object({
  cursor: z.string().max(1000).optional(),
  limit: z.coerce.number().int().min(1).max(SPACES_PAGE_MAX).default(SPACES_PAGE_DEFAULT),
});

export const spacePageSchema = z.object({ data: z.array(spaceSchema), next_cursor: z.string().nullable() });
export type SpacePage = z.infer<typeof spacePageSchema>;
export const archivedSpacePageSchema = z.object({ data: z.array(archivedSpaceSchema), next_cursor: z.string().nullable() });
export type ArchivedSpacePage = z.infer<typeof archivedSpacePageSchema>;

/** PATCH /spaces/{id}: the slug stays, as it is in people's links. */
export interface UpdateSpaceInput {
  name?: string;
  description?: string | null;
}

/** POST /spaces/{id}/delete: the space's name typed again, as confirmation. */
export interface DeleteSpaceInput {
  confirm_name: string;
}

/** POST /spaces/{id}/delete answers 202: the space is gone from every list; its data is removed in the background. */
export const spaceDeletionSchema = z.object({ id: wireId, status: z.literal('deleting') });
export type SpaceDeletion = z.infer<typeof spaceDeletionSchema>;
