-- Search within one space reads that space's matches only: the space is a key of each full-text
-- GIN index (btree_gin gives uuid a GIN operator class); the admin area's people search finds part
-- of a name or address through trigram indexes (pg_trgm). Both extensions ship with PostgreSQL
-- (contrib) and are trusted, so the database owner may create them; PGlite loads them itself
-- (db/pglite-worker.mjs). Figures in docs/scale.md.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "chat_messages_content_search_idx";--> statement-breakpoint
DROP INDEX "chat_sessions_title_search_idx";--> statement-breakpoint
DROP INDEX "kb_passages_tsv";--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "chat_messages_space_content_search_idx" ON "chat_messages" USING gin ("space_id","content_tsv");--> statement-breakpoint
CREATE INDEX "chat_sessions_space_title_search_idx" ON "chat_sessions" USING gin ("space_id","title_tsv");--> statement-breakpoint
CREATE INDEX "kb_passages_space_tsv" ON "kb_passages" USING gin ("space_id","tsv");