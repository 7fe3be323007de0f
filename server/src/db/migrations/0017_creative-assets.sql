CREATE TABLE "asset_collection_items" (
	"collection_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_collection_items_collection_id_asset_id_pk" PRIMARY KEY("collection_id","asset_id")
);
--> statement-breakpoint
CREATE TABLE "asset_collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"created_by" uuid,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"hash" text NOT NULL,
	"object_path" text,
	"source" text NOT NULL,
	"source_ref" text,
	"status" text DEFAULT 'processing' NOT NULL,
	"error_message" text,
	"description" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"content" text,
	"width" integer,
	"height" integer,
	"page_count" integer,
	"thumbnail_path" text,
	"preview_path" text,
	"thumbnail_version" text,
	"processing_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', coalesce(name, '') || ' ' || coalesce(description, '') || ' ' || coalesce(content, ''))) STORED NOT NULL,
	CONSTRAINT "assets_kind_check" CHECK ("assets"."kind" in ('image', 'pdf', 'video', 'document', 'text')),
	CONSTRAINT "assets_source_check" CHECK ("assets"."source" in ('upload', 'agent_mode', 'chat', 'generated')),
	CONSTRAINT "assets_status_check" CHECK ("assets"."status" in ('processing', 'ready', 'error'))
);
--> statement-breakpoint
ALTER TABLE "asset_collection_items" ADD CONSTRAINT "asset_collection_items_collection_id_asset_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."asset_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_collection_items" ADD CONSTRAINT "asset_collection_items_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_collections" ADD CONSTRAINT "asset_collections_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_collections" ADD CONSTRAINT "asset_collections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_collection_items_asset_idx" ON "asset_collection_items" USING btree ("asset_id");--> statement-breakpoint
CREATE UNIQUE INDEX "asset_collections_space_name" ON "asset_collections" USING btree ("space_id",lower("name"));--> statement-breakpoint
CREATE INDEX "assets_space_created_idx" ON "assets" USING btree ("space_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "assets_space_hash_live" ON "assets" USING btree ("space_id","hash") WHERE "assets"."status" <> 'error';--> statement-breakpoint
CREATE INDEX "assets_search_idx" ON "assets" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "assets_tags_idx" ON "assets" USING gin ("tags");