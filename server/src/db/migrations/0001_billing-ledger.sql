CREATE TYPE "public"."credit_transaction_status" AS ENUM('completed', 'refunded');--> statement-breakpoint
CREATE TYPE "public"."credit_transaction_type" AS ENUM('debit', 'credit', 'refund', 'purchase', 'grant');--> statement-breakpoint
ALTER TYPE "public"."plan_type" ADD VALUE 'business';--> statement-breakpoint
CREATE TABLE "credit_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"space_id" uuid,
	"user_id" uuid,
	"transaction_type" "credit_transaction_type" NOT NULL,
	"credits" integer NOT NULL,
	"base_credits" integer,
	"feature" text NOT NULL,
	"activity" text,
	"activity_details" text,
	"agent_name" text,
	"mode" text,
	"status" "credit_transaction_status" DEFAULT 'completed' NOT NULL,
	"related_type" text,
	"related_id" text,
	"idempotency_key" text,
	"refund_of" uuid,
	"balance_after" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_transactions_credits_not_negative" CHECK ("credit_transactions"."credits" >= 0)
);
--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD CONSTRAINT "credit_transactions_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD CONSTRAINT "credit_transactions_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD CONSTRAINT "credit_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD CONSTRAINT "credit_transactions_refund_of_credit_transactions_id_fk" FOREIGN KEY ("refund_of") REFERENCES "public"."credit_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_transactions_org_idempotency_key_unique" ON "credit_transactions" USING btree ("org_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_transactions_refund_of_unique" ON "credit_transactions" USING btree ("refund_of");--> statement-breakpoint
CREATE INDEX "credit_transactions_org_created_idx" ON "credit_transactions" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_transactions_org_feature_idx" ON "credit_transactions" USING btree ("org_id","feature");--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD CONSTRAINT "credit_accounts_used_not_negative" CHECK ("credit_accounts"."used" >= 0);--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD CONSTRAINT "credit_accounts_not_overdrawn" CHECK ("credit_accounts"."used" <= "credit_accounts"."total");