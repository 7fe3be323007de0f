/** Agent settings and document access calls (spec 001 §7), with the 5-minute document cache (§9). */
import { http } from '../../api';
import type { AgentSettingsValues } from './lib/config-draft';

export interface AgentSettingsDto extends AgentSettingsValues {
  agent_slug: string;
  engine: string;
  engine_model: string;
  available_providers: string[];
}

export interface AgentDocumentDto {
  id: string;
  filename: string;
  is_enabled: boolean;
  category: string | null;
  status: string;
}

/** Spec 001 §9: agent documents are cached for 5 minutes. */
export const AGENT_DOCUMENT_CACHE_MS = 5 * 60_000;
/** Spec 001 §9: agent document search limit default 10. */
export const DOCUMENT_SEARCH_LIMIT = 10;

const cache = new Map<string, { at: number; documents: AgentDocumentDto[] }>();

const path = (slug: string) => `/agents/${encodeURIComponent(slug)}`;

export const agentConfigApi = {
  settings: (slug: string) => http.get<AgentSettingsDto>(`${path(slug)}/settings`),
  saveSettings: (slug: string, patch: Partial<AgentSettingsValues>) => http.put<AgentSettingsDto>(`${path(slug)}/settings`, patch),

  async documents(slug: string, spaceId: string, options: { fresh?: boolean } = {}): Promise<AgentDocumentDto[]> {
    const key = `${spaceId}/${slug}`;
    const hit = cache.get(key);
    if (!options.fresh && hit && Date.now() - hit.at < AGENT_DOCUMENT_CACHE_MS) return hit.documents;
    const documents = await http.get<AgentDocumentDto[]>(`${path(slug)}/documents`);
    cache.set(key, { at: Date.now(), documents });
    return documents;
  },

  searchDocuments: (slug: string, query: string, limit = DOCUMENT_SEARCH_LIMIT) =>
    http.get<AgentDocumentDto[]>(`${path(slug)}/documents/search`, { query: { query, limit } }),

  async setDocuments(slug: string, spaceId: string, ids: string[], enabled: boolean): Promise<void> {
    if (ids.length === 0) return;
    if (ids.length === 1) await http.put(`${path(slug)}/documents/${encodeURIComponent(ids[0]!)}`, { is_enabled: enabled });
    else await http.put(`${path(slug)}/documents`, { document_ids: ids, is_enabled: enabled });
    cache.delete(`${spaceId}/${slug}`);
  },

  forget(): void {
    cache.clear();
  },
};
