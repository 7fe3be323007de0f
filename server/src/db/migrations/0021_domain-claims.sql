CREATE TYPE "public"."domain_claim_status" AS ENUM('unverified', 'pending_review', 'verified');--> statement-breakpoint
CREATE TABLE "org_domain_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"status" "domain_claim_status" DEFAULT 'unverified' NOT NULL,
	"verification_token" text NOT NULL,
	"verified_at" timestamp with time zone,
	"verification_method" text,
	"review_reason" text,
	"review_requested_at" timestamp with time zone,
	"review_requested_by" uuid,
	"conflict_org_id" uuid,
	"decision" text,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"decision_note" text,
	"last_checked_at" timestamp with time zone,
	"last_check_problem" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "org_sso_providers_email_domain_unique";--> statement-breakpoint
ALTER TABLE "org_domain_claims" ADD CONSTRAINT "org_domain_claims_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_domain_claims" ADD CONSTRAINT "org_domain_claims_review_requested_by_users_id_fk" FOREIGN KEY ("review_requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_domain_claims" ADD CONSTRAINT "org_domain_claims_conflict_org_id_organizations_id_fk" FOREIGN KEY ("conflict_org_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_domain_claims" ADD CONSTRAINT "org_domain_claims_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "org_domain_claims_org_domain_unique" ON "org_domain_claims" USING btree ("org_id","domain");--> statement-breakpoint
CREATE UNIQUE INDEX "org_domain_claims_verified_domain_unique" ON "org_domain_claims" USING btree ("domain") WHERE "org_domain_claims"."status" = 'verified';--> statement-breakpoint
CREATE INDEX "org_domain_claims_pending_idx" ON "org_domain_claims" USING btree ("review_requested_at") WHERE "org_domain_claims"."status" = 'pending_review';--> statement-breakpoint
CREATE INDEX "org_sso_providers_email_domain_idx" ON "org_sso_providers" USING btree ("email_domain");--> statement-breakpoint
-- Each existing single sign-on domain gets a claim (docs/sso.md "Domains claimed before verification existed").
-- One that no other organisation uses (none registered with it) counts as verified, so its sign-in keeps working;
-- one that another organisation uses waits for a platform admin's review, naming that organisation, because
-- nothing shows which of them owns it. Either owner can still prove it by DNS at once.
INSERT INTO "org_domain_claims" ("org_id", "domain", "status", "verification_token", "verified_at", "verification_method", "review_reason", "review_requested_at", "conflict_org_id")
SELECT p."org_id", p."email_domain",
  CASE WHEN other."id" IS NULL THEN 'verified' ELSE 'pending_review' END::"domain_claim_status",
  replace(gen_random_uuid()::text, '-', ''),
  CASE WHEN other."id" IS NULL THEN now() END,
  CASE WHEN other."id" IS NULL THEN 'migration' END,
  CASE WHEN other."id" IS NULL THEN NULL ELSE 'migration' END,
  CASE WHEN other."id" IS NULL THEN NULL ELSE now() END,
  other."id"
FROM "org_sso_providers" AS p
LEFT JOIN LATERAL (
  SELECT o."id" FROM "organizations" AS o WHERE o."email_domain" = p."email_domain" AND o."id" <> p."org_id" ORDER BY o."created_at" LIMIT 1
) AS other ON true;
