/**
 * The documents a chat can be pointed at: the agent's enabled, ready documents (its document
 * access, cached 5 minutes as spec 001 §9 says); offline, the ready documents saved on this device.
 * The server honours only documents the agent may use, so offering others would mislead.
 */
import { useEffect, useState } from 'react';
import { db } from '../../../db';
import { agentConfigApi } from '../agent-config.api';

export interface PickableDocument {
  id: string;
  filename: string;
  category: string | null;
}

export interface PickableDocuments {
  documents: PickableDocument[] | null;
  /** Said under the list when it is not the agent's live list. */
  note: string | null;
  error: string | null;
}

export const SAVED_LIST_NOTE = "Offline: showing this space's documents saved on this device. The agent uses only those enabled for it.";

export function usePickableDocuments(slug: string, spaceId: string | null, active: boolean): PickableDocuments {
  const [state, setState] = useState<PickableDocuments & { key: string }>({ key: '', documents: null, note: null, error: null });
  const key = `${spaceId}/${slug}`;
  useEffect(() => {
    if (!active || !spaceId) return undefined;
    let alive = true;
    agentConfigApi
      .documents(slug, spaceId)
      .then((documents) => {
        const usable = documents.filter((document) => document.is_enabled && document.status === 'ready');
        if (alive) setState({ key, documents: usable.map(({ id, filename, category }) => ({ id, filename, category })), note: null, error: null });
      })
      .catch(async () => {
        const saved = await db.documents.where('spaceId').equals(spaceId).filter((row) => row.status === 'ready').toArray();
        if (!alive) return;
        setState({
          key,
          documents: saved.map(({ id, filename, category }) => ({ id, filename, category })).sort((a, b) => a.filename.localeCompare(b.filename)),
          note: SAVED_LIST_NOTE,
          error: null,
        });
      });
    return () => {
      alive = false;
    };
  }, [active, slug, spaceId, key]);
  return state.key === key ? state : { documents: null, note: null, error: null };
}
