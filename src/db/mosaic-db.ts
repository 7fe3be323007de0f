/**
 * The device's read model (DESIGN.md §2): what each screen last saw, so it still shows offline.
 * Screens read these tables with live queries; fetches write into them. The only module that
 * defines the schema; the only folder that imports dexie.
 *
 * Every row carries `spaceId` so a space switch can drop one space's rows (wipeSpace) and logout
 * can drop everything (wipeAll). Timestamps from the server are kept as the ISO-8601 UTC strings it
 * sends, which sort correctly as text; timestamps made on the device are epoch milliseconds.
 */
import Dexie, { type EntityTable } from 'dexie';

export const DATABASE_NAME = 'mosaic';

/** A knowledge-base document (spec 001 §3). */
export interface DocumentRow {
  id: string;
  spaceId: string;
  filename: string;
  mimeType: string;
  sizeBytes: number;
  status: 'uploading' | 'processing' | 'ready' | 'error';
  createdAt: string;
  /** Rows without a category are simply absent from the [spaceId+category] index. */
  category: string | null;
  subcategory: string | null;
  errorMessage: string | null;
  hash: string | null;
  autoCategorized: boolean;
  confidenceScore: number | null;
  ragFileId: string | null;
  /** Who uploaded it (null: their account is gone; absent in rows saved before it was sent). */
  uploadedBy?: string | null;
}

/** A chat session with an agent (spec 001 §3). */
export interface SessionRow {
  id: string;
  spaceId: string;
  agentSlug: string;
  title: string;
  createdAt: string;
  updatedAt: string;
}

/** One chat message (spec 001 §3). */
export interface MessageRow {
  id: string;
  spaceId: string;
  sessionId: string;
  role: 'user' | 'assistant';
  content: string;
  createdAt: string;
  rating: number | null;
  feedbackCategories: string[];
  feedbackText: string | null;
  /** A message shown before the server confirmed it (spec 001 §4 "temporary user message"). */
  pending: boolean;
}

/** A credit transaction (spec 001 §3). */
export interface TransactionRow {
  id: string;
  spaceId: string;
  createdAt: string;
  credits: number;
  feature: string | null;
  activity: string | null;
  transactionType: string;
  agentName: string | null;
  mode: string | null;
  baseCredits: number | null;
  status: string;
  activityDetails: string | null;
  relatedTo: { type: string; id: string } | null;
}

/** Small facts about the saved data, e.g. when a list was last synced. */
export interface MetaRow {
  /** Storage key: the name scoped by space (see sync-meta.ts). */
  key: string;
  name: string;
  /** null for facts that belong to no space; those are removed only by wipeAll. */
  spaceId: string | null;
  value: unknown;
  /** Epoch milliseconds. */
  updatedAt: number;
}

/** The unsent text of a chat, one per session. */
export interface DraftRow {
  sessionId: string;
  spaceId: string;
  text: string;
  /** Epoch milliseconds. */
  updatedAt: number;
}

export class MosaicDB extends Dexie {
  declare documents: EntityTable<DocumentRow, 'id'>;
  declare sessions: EntityTable<SessionRow, 'id'>;
  declare messages: EntityTable<MessageRow, 'id'>;
  declare transactions: EntityTable<TransactionRow, 'id'>;
  declare meta: EntityTable<MetaRow, 'key'>;
  declare drafts: EntityTable<DraftRow, 'sessionId'>;

  constructor(name = DATABASE_NAME) {
    super(name);
    // Indexes are what the screens query: lists newest first per space, a category filter, the
    // sessions of one agent, and a session's messages in order. A new index means a new version
    // here (never edit a shipped version: devices upgrade through each one).
    this.version(1).stores({
      documents: 'id, spaceId, [spaceId+createdAt], [spaceId+category]',
      sessions: 'id, spaceId, [spaceId+updatedAt], [spaceId+agentSlug]',
      messages: 'id, spaceId, sessionId, [sessionId+createdAt]',
      transactions: 'id, spaceId, [spaceId+createdAt]',
      meta: 'key, spaceId',
      drafts: 'sessionId, spaceId',
    });
  }
}

/** The app's one database connection. */
export const db = new MosaicDB();

/** Tables whose rows belong to one space. */
export const SPACE_SCOPED_TABLES = ['documents', 'sessions', 'messages', 'transactions', 'meta', 'drafts'] as const;
export type SpaceScopedTableName = (typeof SPACE_SCOPED_TABLES)[number];
