CREATE TYPE "public"."kb_document_status" AS ENUM('uploading', 'processing', 'ready', 'error');--> statement-breakpoint
CREATE TABLE "kb_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"uploaded_by" uuid,
	"filename" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"hash" text NOT NULL,
	"object_path" text NOT NULL,
	"status" "kb_document_status" DEFAULT 'processing' NOT NULL,
	"error_message" text,
	"rag_file_id" text,
	"category" text,
	"subcategory" text,
	"auto_categorized" boolean DEFAULT false NOT NULL,
	"confidence_score" real,
	"passage_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kb_passages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"document_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"ordinal" integer NOT NULL,
	"content" text NOT NULL,
	"tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', content)) STORED NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kb_documents" ADD CONSTRAINT "kb_documents_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_documents" ADD CONSTRAINT "kb_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_passages" ADD CONSTRAINT "kb_passages_document_id_kb_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."kb_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kb_documents_space_created" ON "kb_documents" USING btree ("space_id","created_at");--> statement-breakpoint
CREATE INDEX "kb_documents_space_category" ON "kb_documents" USING btree ("space_id","category");--> statement-breakpoint
CREATE UNIQUE INDEX "kb_documents_space_hash_live" ON "kb_documents" USING btree ("space_id","hash") WHERE "kb_documents"."status" <> 'error';--> statement-breakpoint
CREATE INDEX "kb_passages_tsv" ON "kb_passages" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "kb_passages_document" ON "kb_passages" USING btree ("document_id","ordinal");--> statement-breakpoint
CREATE INDEX "kb_passages_space" ON "kb_passages" USING btree ("space_id");