-- Full-text indexes scoped by space (db/schema/space-search.ts, docs/scale.md): each word of a
-- row's vector is indexed prefixed with its space's key (the first 12 hexadecimal digits of the
-- space's id), so a search reads its own space's entries only, not a common word's entries across
-- every organisation. The query side prefixes its words the same way; phrase operators become AND
-- (the scoped index has no positions), and callers searching phrases also check the stored vector.
-- Plain SQL functions of built-ins, immutable, so they can be inlined and indexed on PostgreSQL and
-- PGlite alike.
CREATE OR REPLACE FUNCTION mosaic_space_lexemes(space uuid, document tsvector) RETURNS tsvector
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT array_to_tsvector(array(SELECT replace(left(space::text, 13), '-', '') || lexeme FROM unnest(tsvector_to_array(document)) AS lexeme)) $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION mosaic_space_tsquery(space uuid, query tsquery) RETURNS tsquery
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT regexp_replace(regexp_replace(query::text, '''((?:[^'']|'''')*)''', '''' || replace(left(space::text, 13), '-', '') || '\1''', 'g'), '<(?:-|[0-9]+)>', '&', 'g')::tsquery $$;--> statement-breakpoint
DROP INDEX "chat_messages_space_content_search_idx";--> statement-breakpoint
DROP INDEX "chat_sessions_space_title_search_idx";--> statement-breakpoint
DROP INDEX "kb_passages_space_tsv";--> statement-breakpoint
CREATE INDEX "chat_messages_space_content_lexemes_idx" ON "chat_messages" USING gin (mosaic_space_lexemes("space_id", "content_tsv"));--> statement-breakpoint
CREATE INDEX "kb_passages_space_lexemes_idx" ON "kb_passages" USING gin (mosaic_space_lexemes("space_id", "tsv"));
