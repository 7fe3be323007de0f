-- The admin area's people search matched `ILIKE '%text%'` on name and on email, which lower-cases
-- every account it reads, on every search. search_text holds both lower-cased, one line each, kept
-- by PostgreSQL on every write; the search is a `LIKE` on it, through one trigram index in place of
-- the two. The new column has no statistics until autovacuum gets to the table: ANALYZE gives the
-- planner the share of accounts a search matches from the start. Figures in docs/scale.md.
DROP INDEX "users_name_trgm_idx";--> statement-breakpoint
DROP INDEX "users_email_trgm_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("name") || chr(10) || lower("email")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "users_search_text_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ANALYZE "users";