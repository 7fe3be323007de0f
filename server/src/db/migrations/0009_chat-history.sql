ALTER TABLE "chat_messages" ADD COLUMN "content_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', content)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "pinned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "title_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', title)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "chat_messages_content_search_idx" ON "chat_messages" USING gin ("content_tsv");--> statement-breakpoint
CREATE INDEX "chat_sessions_title_search_idx" ON "chat_sessions" USING gin ("title_tsv");