/**
 * Spaces calls (spec 000 §7), through the contract's routes: the list (array or {data: [...]},
 * raced against 10 s) and creating one.
 */
import { callEndpoint } from '../../api';
import { asSchema, idString, isPlainObject, isString } from '../../lib/response-shape';
import type { CreateSpaceInput, Space } from '../../contract/spaces';
import { SPACE_ROUTES } from '../../contract/spaces-routes';

/** Spaces fetch time-out (spec 000 §9). */
export const SPACES_TIMEOUT_MS = 10_000;
export const SPACES_CALL_TIMEOUT_MESSAGE = 'Spaces API call timeout after 10 seconds';
export const MISSING_SPACE_DATA_MESSAGE = 'Invalid response from server: missing space data';
export const INVALID_SPACES_LIST_MESSAGE = 'Invalid response from server: malformed spaces list';

/** Plain checks (src/lib/response-shape.ts): spaces load with the first signed-in screen. */
function checkSpace(value: unknown): Space | undefined {
  if (!isPlainObject(value)) return undefined;
  const id = idString(value.id);
  const { name, slug, description, is_default: isDefault } = value;
  if (id === undefined || !isString(name) || !isString(slug)) return undefined;
  if (description !== undefined && description !== null && !isString(description)) return undefined;
  if (isDefault !== undefined && typeof isDefault !== 'boolean') return undefined;
  return { id, name, slug, description: description ?? null, is_default: isDefault ?? false };
}

function checkSpaces(values: unknown): Space[] | undefined {
  if (!Array.isArray(values)) return undefined;
  const spaces = values.map(checkSpace);
  return spaces.every((space): space is Space => space !== undefined) ? spaces : undefined;
}

const spaceSchema = asSchema(checkSpace);

/** One page of the list: the spaces, and the cursor of the next page (none when the list is a plain array). */
interface SpacesPage {
  spaces: Space[];
  nextCursor: string | null;
}

/** The list is a plain array or an object with a data array (spec 000 §3); the object may name a next page. */
const spaceListSchema = asSchema<SpacesPage>((body) => {
  const spaces = checkSpaces(isPlainObject(body) ? body.data : body);
  if (!spaces) return undefined;
  const next = isPlainObject(body) ? body.next_cursor : undefined;
  if (next !== undefined && next !== null && !isString(next)) return undefined;
  return { spaces, nextCursor: next ?? null };
});

/**
 * Every space of the organisation, a page at a time (the server answers at most a page a call,
 * docs/scale.md): the shell's switcher lists them all and the saved current space may be on any
 * page. The whole walk is raced against the 10 s time-out, as one call was.
 */
export async function fetchSpaces(): Promise<Space[]> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(SPACES_CALL_TIMEOUT_MESSAGE));
      controller.abort();
    }, SPACES_TIMEOUT_MS);
  });
  const readPages = async (): Promise<Space[]> => {
    const spaces: Space[] = [];
    let cursor: string | null = null;
    do {
      // Checked here whatever its declared type: the list may come wrapped (spec 000 §3).
      const body: unknown = await callEndpoint(SPACE_ROUTES.list, cursor ? { query: { cursor } } : {}, { signal: controller.signal });
      const parsed = spaceListSchema.safeParse(body);
      if (!parsed.success) throw new Error(INVALID_SPACES_LIST_MESSAGE);
      spaces.push(...parsed.data.spaces);
      // A server answering the same cursor again would never end the walk.
      if (parsed.data.nextCursor !== null && parsed.data.nextCursor === cursor) throw new Error(INVALID_SPACES_LIST_MESSAGE);
      cursor = parsed.data.nextCursor;
    } while (cursor);
    return spaces;
  };
  try {
    return await Promise.race([readPages(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function postSpace(input: CreateSpaceInput): Promise<Space> {
  const description = input.description?.trim();
  const body: unknown = await callEndpoint(SPACE_ROUTES.create, {
    body: { name: input.name, slug: input.slug, ...(description ? { description } : {}) },
  });
  const parsed = spaceSchema.safeParse(body);
  if (!parsed.success) throw new Error(MISSING_SPACE_DATA_MESSAGE);
  return parsed.data;
}
