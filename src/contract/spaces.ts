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

export interface CreateSpaceInput {
  name: string;
  slug: string;
  description?: string;
}
