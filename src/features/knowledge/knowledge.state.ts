/** Live knowledge-base state (valtio): staging, uploads in flight, search. Documents live in Dexie. */
import { proxy } from 'valtio';
import type { KnowledgeContext } from '../../contract/knowledge';
import type { StagedFile } from './staging';

export type UploadPhase = 'waiting' | 'signing' | 'uploading' | 'committing' | 'done' | 'failed' | 'duplicate';

export interface UploadItem {
  key: string;
  filename: string;
  size: number;
  /** 0–100 while the bytes go up. */
  progress: number;
  phase: UploadPhase;
  message: string | null;
  documentId: string | null;
}

export interface KnowledgeState {
  staged: StagedFile[];
  /** Hashes being computed or checked with the server. */
  checkingDuplicates: boolean;
  uploads: UploadItem[];
  uploading: boolean;
  refreshing: boolean;
  listError: string | null;
  search: { query: string; results: KnowledgeContext[] | null; loading: boolean; error: string | null };
}

export const initialKnowledgeState = (): KnowledgeState => ({
  staged: [],
  checkingDuplicates: false,
  uploads: [],
  uploading: false,
  refreshing: false,
  listError: null,
  search: { query: '', results: null, loading: false, error: null },
});

export const knowledgeState = proxy<KnowledgeState>(initialKnowledgeState());
