/**
 * Creative Assets (docs/assets.md): the space's finished marketing material. Files are stored like
 * knowledge documents (object storage, key under `spaces/<space>/assets/`); text assets keep their
 * Markdown in `content`. Thumbnails are made by the 'asset-thumbnail' job.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, customType, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ASSET_KINDS } from '../../../../src/contract/asset-types';
import { ASSET_SOURCES, ASSET_STATUSES, type AssetSource, type AssetStatus } from '../../../../src/contract/assets';
import type { AssetKind } from '../../../../src/contract/asset-types';
import { spaces } from './spaces';
import { users } from './users';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

export const assets = pgTable(
  'assets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    /** Who added it; decides whether a member may delete it (null once that account is gone). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    kind: text('kind').$type<AssetKind>().notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** SHA-256 (lowercase hex) of the stored bytes, recomputed at commit; of the content for text assets. */
    hash: text('hash').notNull(),
    /** The stored file (`spaces/<space>/assets/<id>/<name>`); null for text assets. */
    objectPath: text('object_path'),
    source: text('source').$type<AssetSource>().notNull(),
    /** The Agent Mode run, chat message or generation that made it. */
    sourceRef: text('source_ref'),
    status: text('status').$type<AssetStatus>().notNull().default('processing'),
    errorMessage: text('error_message'),
    description: text('description'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** A text asset's Markdown, or the text read from a document or PDF (capped; for search and preview). */
    content: text('content'),
    width: integer('width'),
    height: integer('height'),
    pageCount: integer('page_count'),
    thumbnailPath: text('thumbnail_path'),
    previewPath: text('preview_path'),
    /** Changes with each new thumbnail, so devices know theirs is stale. */
    thumbnailVersion: text('thumbnail_version'),
    /** Thumbnail jobs started; the third start of one asset ends it in error (a file that kills its process). */
    processingAttempts: integer('processing_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Name, description and text for the search box; tags are matched on their own column. */
    searchTsv: tsvector('search_tsv')
      .notNull()
      .generatedAlwaysAs(
        sql`to_tsvector('english', coalesce(name, '') || ' ' || coalesce(description, '') || ' ' || coalesce(content, ''))`,
      ),
  },
  (table) => [
    index('assets_space_created_idx').on(table.spaceId, table.createdAt),
    // One live copy of a content per space; an asset in error does not block uploading the file again.
    uniqueIndex('assets_space_hash_live').on(table.spaceId, table.hash).where(sql`${table.status} <> 'error'`),
    index('assets_search_idx').using('gin', table.searchTsv),
    index('assets_tags_idx').using('gin', table.tags),
    check('assets_kind_check', sql`${table.kind} in (${inList(ASSET_KINDS)})`),
    check('assets_source_check', sql`${table.source} in (${inList(ASSET_SOURCES)})`),
    check('assets_status_check', sql`${table.status} in (${inList(ASSET_STATUSES)})`),
  ],
);

/** Named groups of assets in a space ("Spring launch", "Logos"); an asset may be in several. */
export const assetCollections = pgTable(
  'asset_collections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('asset_collections_space_name').on(table.spaceId, sql`lower(${table.name})`)],
);

export const assetCollectionItems = pgTable(
  'asset_collection_items',
  {
    collectionId: uuid('collection_id')
      .notNull()
      .references(() => assetCollections.id, { onDelete: 'cascade' }),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.collectionId, table.assetId] }), index('asset_collection_items_asset_idx').on(table.assetId)],
);

export type AssetRow = typeof assets.$inferSelect;
export type AssetCollectionRow = typeof assetCollections.$inferSelect;
