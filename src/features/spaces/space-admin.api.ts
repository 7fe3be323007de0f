/** Managing spaces (docs/server.md "Spaces lifecycle"): owners and admins. */
import { http } from '../../api';
import type { ArchivedSpace, Space, SpaceDeletion, UpdateSpaceInput } from '../../contract/spaces';

export const fetchArchivedSpaces = () => http.get<ArchivedSpace[]>('/spaces/archived');
export const patchSpace = (id: string, input: UpdateSpaceInput) => http.patch<Space>(`/spaces/${encodeURIComponent(id)}`, input);
export const archiveSpace = (id: string) => http.post<Space>(`/spaces/${encodeURIComponent(id)}/archive`);
export const restoreSpace = (id: string) => http.post<Space>(`/spaces/${encodeURIComponent(id)}/restore`);
export const deleteSpace = (id: string, confirmName: string) =>
  http.post<SpaceDeletion>(`/spaces/${encodeURIComponent(id)}/delete`, { confirm_name: confirmName });

/** The server's words for a refusal (the field's rule, else its detail), else the fallback. */
export function spaceActionError(error: unknown, fallback: string): string {
  if (error && typeof error === 'object' && 'fieldErrors' in error && 'serverDetail' in error) {
    const apiError = error as { fieldErrors: Array<{ message: string }>; serverDetail?: string };
    return apiError.fieldErrors[0]?.message ?? apiError.serverDetail ?? fallback;
  }
  return fallback;
}
