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
