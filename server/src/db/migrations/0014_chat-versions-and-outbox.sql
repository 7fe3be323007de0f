ALTER TABLE "chat_messages" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_parent_id_chat_messages_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_parent_idx" ON "chat_messages" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_space_idempotency_key_unique" ON "chat_messages" USING btree ("space_id","idempotency_key");
--> statement-breakpoint
-- Versions and edits: every message gets the message it follows. A reply follows the question its run answered (a reply
-- replaced by a regeneration too, so it becomes an earlier version of the reply that replaced it).
UPDATE "chat_messages" AS m SET "parent_id" = r."user_message_id" FROM "agent_runs" AS r WHERE r."id" = m."run_id" AND m."role" = 'assistant';--> statement-breakpoint
-- Every other message follows the message before it on the conversation as it was shown (replaced replies left out).
UPDATE "chat_messages" AS m SET "parent_id" = line."previous_id"
  FROM (SELECT "id", lag("id") OVER (PARTITION BY "session_id" ORDER BY "created_at", "id") AS "previous_id" FROM "chat_messages" WHERE "superseded_by" IS NULL) AS line
 WHERE m."id" = line."id" AND m."parent_id" IS NULL AND line."previous_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" DROP CONSTRAINT "chat_messages_superseded_by_chat_messages_id_fk";
--> statement-breakpoint
ALTER TABLE "chat_messages" DROP COLUMN "superseded_by";
