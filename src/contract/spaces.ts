/** A workspace inside an organisation (spec 000 §3). */
export interface Space {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  is_default: boolean;
}

export interface CreateSpaceInput {
  name: string;
  slug: string;
  description?: string;
}
