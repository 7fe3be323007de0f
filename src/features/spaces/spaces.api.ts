/**
 * Spaces calls (spec 000 §7): GET /spaces/ (array or {data: [...]}, raced against 10 s) and
 * POST /spaces/.
 */
import { z } from 'zod';
import { http } from '../../api';
import type { CreateSpaceInput, Space } from './spaces.types';

/** Spaces fetch time-out (spec 000 §9). */
export const SPACES_TIMEOUT_MS = 10_000;
export const SPACES_CALL_TIMEOUT_MESSAGE = 'Spaces API call timeout after 10 seconds';
export const MISSING_SPACE_DATA_MESSAGE = 'Invalid response from server: missing space data';
export const INVALID_SPACES_LIST_MESSAGE = 'Invalid response from server: malformed spaces list';

const idSchema = z.union([z.string().min(1), z.number()]).transform(String);

const spaceSchema = z.object({
  id: idSchema,
  name: z.string(),
  slug: z.string(),
  description: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  is_default: z.boolean().optional().default(false),
}) satisfies z.ZodType<Space, unknown>;

/** The list is a plain array or an object with a data array (spec 000 §3). */
const spaceListSchema = z.union([
  z.array(spaceSchema),
  z.object({ data: z.array(spaceSchema) }).transform((wrapped) => wrapped.data),
]);

export async function fetchSpaces(): Promise<Space[]> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(SPACES_CALL_TIMEOUT_MESSAGE));
      controller.abort();
    }, SPACES_TIMEOUT_MS);
  });
  try {
    const body = await Promise.race([http.get<unknown>('/spaces/', { signal: controller.signal }), timeout]);
    const parsed = spaceListSchema.safeParse(body);
    if (!parsed.success) throw new Error(INVALID_SPACES_LIST_MESSAGE);
    return parsed.data;
  } finally {
    clearTimeout(timer);
  }
}

export async function postSpace(input: CreateSpaceInput): Promise<Space> {
  const description = input.description?.trim();
  const body = await http.post<unknown>('/spaces/', {
    name: input.name,
    slug: input.slug,
    ...(description ? { description } : {}),
  });
  const parsed = spaceSchema.safeParse(body);
  if (!parsed.success) throw new Error(MISSING_SPACE_DATA_MESSAGE);
  return parsed.data;
}
