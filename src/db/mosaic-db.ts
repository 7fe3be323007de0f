/**
 * The device's read model (docs/pwa.md "The pieces"): what each screen last saw, so it still shows offline.
 * Screens read these tables with live queries; fetches write into them. The only module that
 * defines the schema; the only folder that imports dexie.
 *
 * Every row carries `spaceId` so a space switch can drop one space's rows (wipeSpace) and logout
 * can drop everything (wipeAll). Timestamps from the server are kept as the ISO-8601 UTC strings it
 * sends, which sort correctly as text; timestamps made on the device are epoch milliseconds.
 */
import Dexie, { type EntityTable } from 'dexie';
import type { AgentModeRun, AgentModeStep } from '../contract/agent-mode';
import type { CitationDto } from '../contract/citations';
import type { DocumentTextDto } from '../contract/document-preview';
import type { PromptTemplateDto } from '../contract/prompt-templates';
import { indexMessageWords } from './search-words';

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
  /** Pinned to the top of the history (absent in rows saved before the history existed). */
  pinned?: boolean;
  /** Who started it; decides who may rename or delete it (null: account gone; absent: unknown). */
  startedBy?: string | null;
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
  /** Engine/model that wrote a reply (ChatMessageDto.engine); absent on user messages and rows saved before it was kept. */
  engine?: string | null;
  /**
   * The message it follows in the chat's tree of versions (src/contract/chat-tree.ts): null for a
   * first message. Absent in rows saved before versions existed (they follow the message before them).
   */
  parentId?: string | null;
  /** The passages a reply was given, numbered as its [n] markers (absent on rows saved before sources existed). */
  citations?: CitationDto[];
  /** A message shown before the server confirmed it (spec 001 §4 "temporary user message"). */
  pending: boolean;
  /** Its words for the offline history search, filled in by the database itself (search-words.ts). */
  words?: string[];
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

/**
 * Which version of a chat the reader is looking at: the message its shown branch ends at (it may
 * have gained messages below it since, which show too). No row: the branch of the newest message.
 */
export interface ChatBranchRow {
  sessionId: string;
  spaceId: string;
  leafId: string;
  /**
   * End exactly at the leaf while a reply is being written below it (a regeneration: the earlier
   * reply is not shown while its new version streams in). Honoured only while the chat waits.
   */
  exact?: boolean;
  /** Epoch milliseconds. */
  updatedAt: number;
}

/**
 * A chat message written while the server could not be reached (or whose send got no answer): it
 * waits here and is sent when the connection returns (docs/agents.md "Offline outbox").
 */
export interface OutboxRow {
  /** Also the send's Idempotency-Key: however often it is sent, the server stores and charges it once. */
  id: string;
  spaceId: string;
  /** The chat it belongs to: its session id, or `new:<agent slug>` for a chat not started yet. */
  chatKey: string;
  sessionId: string | null;
  agentSlug: string;
  text: string;
  mode: 'normal' | 'medium' | 'max';
  /** The message it follows (the end of the branch on screen when it was written); undefined → the chat's newest. */
  parentMessageId?: string | null;
  /** Set when it is a new version of this message (an edit). */
  editsMessageId?: string;
  /** Knowledge and brand documents chosen in the message box for it (the send payload's two lists). */
  referencedDocumentIds?: string[];
  brandDocumentIds?: string[];
  /** Creative assets attached to it. */
  assetIds?: string[];
  /** Epoch milliseconds. */
  createdAt: number;
  /** waiting: to be sent; sending: a tab is sending it now; refused: the server said no (`error`), the user decides. */
  state: 'waiting' | 'sending' | 'refused';
  /**
   * When a tab took it to send (epoch ms). Where the browser has Web Locks the sending tab also
   * holds the row's lock, so a claim whose lock is free was left by a tab that closed or reloaded;
   * elsewhere a claim much older than a send takes was.
   */
  claimedAt?: number;
  /**
   * Who wrote it (the user's id): only they send it. Another person signing in on the device never
   * sends it; it is removed (docs/agents.md "Offline outbox"). Absent on rows written before owners
   * were recorded, which count as nobody's.
   */
  userId?: string;
  /** A send of it got no answer: it may have reached the server (its key makes the next send harmless). */
  attempted: boolean;
  error?: string | null;
}

/** The unsent text of a chat, one per session. */
export interface DraftRow {
  sessionId: string;
  spaceId: string;
  text: string;
  /** Epoch milliseconds. */
  updatedAt: number;
}

/**
 * An Agent Mode run as the server last sent it (the wire shape, kept whole), with the keys the
 * screens query by. The deliverable is in `run`, so past runs read offline.
 */
export interface AgentModeRunRow {
  id: string;
  spaceId: string;
  createdAt: string;
  run: AgentModeRun;
}

/** One step of a run as last seen (a running step's text streams into the store, not here). */
export interface AgentModeStepRow {
  id: string;
  spaceId: string;
  runId: string;
  position: number;
  step: AgentModeStep;
}

/**
 * A document's text as the preview last fetched it (docs/knowledge.md "Preview"): opened once
 * online, it opens offline too. Bounded per space (document-texts.ts).
 */
export interface DocumentTextRow {
  documentId: string;
  spaceId: string;
  body: DocumentTextDto;
  /** Epoch milliseconds of the last fetch or opening (least recently opened go first). */
  openedAt: number;
}

/**
 * A prompt template the person may use (the organisation's and their own), for the message box
 * offline. Organisation-wide, not per space: kept across space switches, removed at logout.
 */
export interface PromptTemplateRow extends PromptTemplateDto {
  /** Whose list this is (the signed-in person), so a shared device never offers someone else's. */
  userId: string;
}

/** A creative asset (src/contract/assets.ts), as the library last saw it. */
export interface AssetRow {
  id: string;
  spaceId: string;
  name: string;
  kind: 'image' | 'pdf' | 'video' | 'document' | 'text';
  mimeType: string;
  sizeBytes: number;
  hash: string;
  source: 'upload' | 'agent_mode' | 'chat' | 'generated';
  sourceRef: string | null;
  status: 'processing' | 'ready' | 'error';
  errorMessage: string | null;
  description: string | null;
  tags: string[];
  collectionIds: string[];
  width: number | null;
  height: number | null;
  pageCount: number | null;
  thumbnailVersion: string | null;
  excerpt: string | null;
  createdBy: string | null;
  createdByName: string | null;
  createdAt: string;
  updatedAt: string;
  /** The full text, once the preview has read it (text assets, documents); kept for offline reading. */
  content?: string | null;
}

/** A named group of assets. */
export interface AssetCollectionRow {
  id: string;
  spaceId: string;
  name: string;
  assetCount: number;
  createdBy: string | null;
  createdAt: string;
}

/**
 * An asset's thumbnail, kept as bytes so the library shows its pictures offline. Bytes rather than
 * a Blob: every engine stores an ArrayBuffer, and the page makes an object URL when it shows one.
 */
export interface AssetThumbnailRow {
  assetId: string;
  spaceId: string;
  /** The asset's thumbnail_version these bytes are; a newer version replaces them. */
  version: string;
  mimeType: string;
  bytes: ArrayBuffer;
  /** Epoch milliseconds. */
  savedAt: number;
}

export class MosaicDB extends Dexie {
  declare documents: EntityTable<DocumentRow, 'id'>;
  declare sessions: EntityTable<SessionRow, 'id'>;
  declare messages: EntityTable<MessageRow, 'id'>;
  declare transactions: EntityTable<TransactionRow, 'id'>;
  declare meta: EntityTable<MetaRow, 'key'>;
  declare drafts: EntityTable<DraftRow, 'sessionId'>;
  declare agentModeRuns: EntityTable<AgentModeRunRow, 'id'>;
  declare agentModeSteps: EntityTable<AgentModeStepRow, 'id'>;
  declare chatBranches: EntityTable<ChatBranchRow, 'sessionId'>;
  declare outbox: EntityTable<OutboxRow, 'id'>;
  declare documentTexts: EntityTable<DocumentTextRow, 'documentId'>;
  declare promptTemplates: EntityTable<PromptTemplateRow, 'id'>;
  declare assets: EntityTable<AssetRow, 'id'>;
  declare assetCollections: EntityTable<AssetCollectionRow, 'id'>;
  declare assetThumbnails: EntityTable<AssetThumbnailRow, 'assetId'>;

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
    // The offline history search looks words up by prefix (multi-entry index over each message's words).
    this.version(2).stores({
      messages: 'id, spaceId, sessionId, [sessionId+createdAt], *words',
    });
    // Versions of a chat (the branch chosen on this device) and the offline outbox.
    this.version(3).stores({
      chatBranches: 'sessionId, spaceId',
      outbox: 'id, spaceId, chatKey',
    });
    // The document preview's saved texts, and the prompt templates for the message box offline.
    this.version(4).stores({
      documentTexts: 'documentId, spaceId, [spaceId+openedAt]',
      promptTemplates: 'id, userId',
    });
    // Creative Assets: the library per space, its collections, and thumbnails for offline browsing.
    this.version(5).stores({
      assets: 'id, spaceId, [spaceId+createdAt]',
      assetCollections: 'id, spaceId',
      assetThumbnails: 'assetId, spaceId',
    });
    // Agent Mode: the space's runs newest first, and a run's steps in order (docs/agent-mode.md "Client").
    this.version(6).stores({
      agentModeRuns: 'id, spaceId, [spaceId+createdAt]',
      agentModeSteps: 'id, spaceId, runId',
    });
    indexMessageWords(this.messages);
  }
}

/** The app's one database connection. */
export const db = new MosaicDB();

/** Tables whose rows belong to one space. */
export const SPACE_SCOPED_TABLES = [
  'documents',
  'sessions',
  'messages',
  'transactions',
  'meta',
  'drafts',
  'chatBranches',
  'outbox',
  'documentTexts',
  'assets',
  'assetCollections',
  'assetThumbnails',
  'agentModeRuns',
  'agentModeSteps',
] as const;
export type SpaceScopedTableName = (typeof SPACE_SCOPED_TABLES)[number];
