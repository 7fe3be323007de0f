/** Managing spaces (docs/server.md "Spaces lifecycle"): owners and admins, through the contract's routes. */
import { callEndpoint } from '../../api';
import type { ArchivedSpacePage, Space, SpaceDeletion, UpdateSpaceInput } from '../../contract/spaces';
import { SPACE_ROUTES } from '../../contract/spaces-routes';

/** A page of the archived spaces: the first, or the one after `cursor`. */
export const fetchArchivedSpaces = (cursor: string | null): Promise<ArchivedSpacePage> =>
  callEndpoint(SPACE_ROUTES.archived, cursor ? { query: { cursor } } : {});
export const patchSpace = (id: string, input: UpdateSpaceInput): Promise<Space> => callEndpoint(SPACE_ROUTES.update, { params: { id }, body: input });
export const archiveSpace = (id: string): Promise<Space> => callEndpoint(SPACE_ROUTES.archive, { params: { id } });
export const restoreSpace = (id: string): Promise<Space> => callEndpoint(SPACE_ROUTES.restore, { params: { id } });
export const deleteSpace = (id: string, confirmName: string): Promise<SpaceDeletion> =>
  callEndpoint(SPACE_ROUTES.remove, { params: { id }, body: { confirm_name: confirmName } });

/** The server's words for a refusal (the field's rule, else its detail), else the fallback. */
export function spaceActionError(error: unknown, fallback: string): string {
  if (error && typeof error === 'object' && 'fieldErrors' in error && 'serverDetail' in error) {
    const apiError = error as { fieldErrors: Array<{ message: string }>; serverDetail?: string };
    return apiError.fieldErrors[0]?.message ?? apiError.serverDetail ?? fallback;
  }
  return fallback;
}
