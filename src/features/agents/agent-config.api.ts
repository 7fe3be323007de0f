/** Agent settings and document access calls (spec 001 §7), with the 5-minute document cache (§9), through the contract's routes. */
import { callEndpoint } from '../../api';
import { AGENT_ROUTES } from '../../contract/agents-routes';
import type { EndpointRequest } from '../../contract/endpoint';
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

/**
 * The screen holds the provider as text: its choices are the answer's `available_providers`,
 * which the server lists as text. The server names the providers it takes and refuses any other
 * (422), so a settings change goes out as the contract's body, unchecked here.
 */
type SettingsPatch = EndpointRequest<typeof AGENT_ROUTES.saveSettings>['body'];

const cache = new Map<string, { at: number; documents: AgentDocumentDto[] }>();

/**
 * Every document of the space for this agent, a page at a time: the server answers at most a page
 * a call (docs/scale.md), and the configuration and the chat's document picker show them all.
 */
async function readAllDocuments(slug: string): Promise<AgentDocumentDto[]> {
  const documents: AgentDocumentDto[] = [];
  let cursor: string | undefined;
  do {
    const after = cursor;
    const page = await callEndpoint(AGENT_ROUTES.documents, { params: { slug }, query: { cursor: after } });
    documents.push(...page.documents);
    // A server answering the same page again would never end the walk.
    if (page.next_cursor !== null && page.next_cursor === after) throw new Error('The server answered the same page of documents twice');
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return documents;
}

export const agentConfigApi = {
  settings: (slug: string): Promise<AgentSettingsDto> => callEndpoint(AGENT_ROUTES.settings, { params: { slug } }),
  saveSettings: (slug: string, patch: Partial<AgentSettingsValues>): Promise<AgentSettingsDto> =>
    callEndpoint(AGENT_ROUTES.saveSettings, { params: { slug }, body: patch as SettingsPatch }),

  async documents(slug: string, spaceId: string, options: { fresh?: boolean } = {}): Promise<AgentDocumentDto[]> {
    const key = `${spaceId}/${slug}`;
    const hit = cache.get(key);
    if (!options.fresh && hit && Date.now() - hit.at < AGENT_DOCUMENT_CACHE_MS) return hit.documents;
    const documents = await readAllDocuments(slug);
    cache.set(key, { at: Date.now(), documents });
    return documents;
  },

  searchDocuments: (slug: string, query: string, limit = DOCUMENT_SEARCH_LIMIT): Promise<AgentDocumentDto[]> =>
    callEndpoint(AGENT_ROUTES.searchDocuments, { params: { slug }, query: { query, limit } }),

  async setDocuments(slug: string, spaceId: string, ids: string[], enabled: boolean): Promise<void> {
    if (ids.length === 0) return;
    if (ids.length === 1) await callEndpoint(AGENT_ROUTES.setDocument, { params: { slug, docId: ids[0]! }, body: { is_enabled: enabled } });
    else await callEndpoint(AGENT_ROUTES.setDocuments, { params: { slug }, body: { document_ids: ids, is_enabled: enabled } });
    cache.delete(`${spaceId}/${slug}`);
  },

  forget(): void {
    cache.clear();
  },
};
