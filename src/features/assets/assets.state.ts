/** Live Creative Assets state (valtio): view, filters, uploads in flight, server search. Assets live in Dexie. */
import { proxy } from 'valtio';
import type { AssetCapabilities } from '../../contract/assets';
import type { StoredUpload } from '../uploads/signed-upload';
import { NO_FILTER, type AssetFilter } from './asset-filters';

export type AssetView = 'grid' | 'list';

export type AssetUploadPhase = 'checking' | 'waiting' | 'signing' | 'uploading' | 'committing' | 'done' | 'failed' | 'duplicate' | 'refused';

export interface AssetUploadItem {
  key: string;
  /** Kept (as a valtio ref) so a failed upload can be resumed without choosing the file again. */
  file: File;
  filename: string;
  size: number;
  /** 0–100: hashing while checking, bytes sent while uploading. */
  progress: number;
  phase: AssetUploadPhase;
  message: string | null;
  hash: string | null;
  assetId: string | null;
  /** Set once the bytes are on the server: a retry only commits. */
  stored: StoredUpload | null;
}

export interface AssetsState {
  view: AssetView;
  filter: AssetFilter;
  /** The server's full-text matches for the current words (online only). */
  serverSearch: { query: string; ids: string[] | null; loading: boolean };
  uploads: AssetUploadItem[];
  refreshing: boolean;
  listError: string | null;
  capabilities: AssetCapabilities | null;
  generating: boolean;
}

const VIEW_KEY = 'mosaic.assets.view';

function savedView(): AssetView {
  try {
    return globalThis.localStorage?.getItem(VIEW_KEY) === 'list' ? 'list' : 'grid';
  } catch {
    return 'grid';
  }
}

export function rememberView(view: AssetView): void {
  try {
    globalThis.localStorage?.setItem(VIEW_KEY, view);
  } catch {
    // Private mode or full storage: the choice lasts for this visit only.
  }
}

export const initialAssetsState = (): AssetsState => ({
  view: savedView(),
  filter: { ...NO_FILTER },
  serverSearch: { query: '', ids: null, loading: false },
  uploads: [],
  refreshing: false,
  listError: null,
  capabilities: null,
  generating: false,
});

export const assetsState = proxy<AssetsState>(initialAssetsState());
