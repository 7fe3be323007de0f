import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  pgEnum,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { KB_DOCUMENT_STATUSES } from '../../../../src/contract/knowledge';
import { spaces } from './spaces';
import { users } from './users';
import { spaceLexemes } from './space-search';

export const kbDocumentStatusEnum = pgEnum('kb_document_status', KB_DOCUMENT_STATUSES);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const kbDocuments = pgTable(
  'kb_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    filename: text('filename').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** SHA-256 of the content, lowercase hex; recomputed by the server at commit. */
    hash: text('hash').notNull(),
    /** Key of the stored object (always under `spaces/<space_id>/`). */
    objectPath: text('object_path').notNull(),
    status: kbDocumentStatusEnum('status').notNull().default('processing'),
    errorMessage: text('error_message'),
    /** Id of the file in the retrieval index, set when its passages are indexed. */
    ragFileId: text('rag_file_id'),
    category: text('category'),
    subcategory: text('subcategory'),
    autoCategorized: boolean('auto_categorized').notNull().default(false),
    confidenceScore: real('confidence_score'),
    passageCount: integer('passage_count').notNull().default(0),
    /**
     * Times processing was started. A document whose process died mid-way is tried once more; a
     * second interruption marks it error (a file that kills its worker is not retried blindly).
     */
    processingAttempts: integer('processing_attempts').notNull().default(0),
    /** While processing: the worker renews this; once it lapses, the recovery sweep takes the document over. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('kb_documents_space_created').on(table.spaceId, table.createdAt),
    index('kb_documents_space_category').on(table.spaceId, table.category),
    // One live copy of a content per space: a duplicate commit loses the race here (409), while
    // a document that ended in error does not block uploading the same file again.
    uniqueIndex('kb_documents_space_hash_live').on(table.spaceId, table.hash).where(sql`${table.status} <> 'error'`),
  ],
);

/** Passages (chunks) of a document's text, indexed for full-text search. */
export const kbPassages = pgTable(
  'kb_passages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => kbDocuments.id, { onDelete: 'cascade' }),
    /** Copied from the document so a search touches one table's index only. */
    spaceId: uuid('space_id').notNull(),
    ordinal: integer('ordinal').notNull(),
    content: text('content').notNull(),
    /** English stemming, so "campaigns" finds "campaign"; kept in step with content by PostgreSQL. */
    tsv: tsvector('tsv')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english', content)`),
  },
  (table) => [
    // Search is always within one space: the index's words are the space's own (spaceLexemes), so
    // a search reads its own space's matches, not every space's (docs/scale.md).
    index('kb_passages_space_lexemes_idx').using('gin', spaceLexemes(table.spaceId, table.tsv)),
    index('kb_passages_document').on(table.documentId, table.ordinal),
    index('kb_passages_space').on(table.spaceId),
  ],
);

export type KbDocument = typeof kbDocuments.$inferSelect;
