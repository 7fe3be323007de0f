CREATE TYPE "public"."ga4_provider" AS ENUM('google', 'demo');--> statement-breakpoint
CREATE TYPE "public"."invite_status" AS ENUM('pending', 'accepted', 'revoked');--> statement-breakpoint
CREATE TABLE "org_invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" "user_role" NOT NULL,
	"status" "invite_status" DEFAULT 'pending' NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ga4_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" "ga4_provider" NOT NULL,
	"email" text NOT NULL,
	"google_user_id" text NOT NULL,
	"scopes" text NOT NULL,
	"access_token_encrypted" text,
	"refresh_token_encrypted" text,
	"token_expires_at" timestamp with time zone,
	"auth_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ga4_linked_properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"ga4_property_id" text NOT NULL,
	"ga4_property_display_name" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "org_invites" ADD CONSTRAINT "org_invites_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_invites" ADD CONSTRAINT "org_invites_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ga4_accounts" ADD CONSTRAINT "ga4_accounts_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ga4_accounts" ADD CONSTRAINT "ga4_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ga4_linked_properties" ADD CONSTRAINT "ga4_linked_properties_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ga4_linked_properties" ADD CONSTRAINT "ga4_linked_properties_account_id_ga4_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ga4_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ga4_linked_properties" ADD CONSTRAINT "ga4_linked_properties_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "org_invites_pending_email_unique" ON "org_invites" USING btree ("org_id",lower("email")) WHERE "org_invites"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "org_invites_email_idx" ON "org_invites" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "ga4_accounts_user_google_unique" ON "ga4_accounts" USING btree ("user_id","google_user_id");--> statement-breakpoint
CREATE INDEX "ga4_accounts_org_idx" ON "ga4_accounts" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ga4_linked_properties_space_property_unique" ON "ga4_linked_properties" USING btree ("space_id","ga4_property_id");