CREATE TABLE "agent_mode_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"user_id" uuid,
	"title" text NOT NULL,
	"goal" text NOT NULL,
	"agents" jsonb NOT NULL,
	"mode" text NOT NULL,
	"referenced_documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'awaiting_approval' NOT NULL,
	"pause_reason" text,
	"pause_requested" boolean DEFAULT false NOT NULL,
	"status_message" text,
	"engine" text NOT NULL,
	"claims" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"deliverable" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "agent_mode_runs_status_check" CHECK ("agent_mode_runs"."status" in ('awaiting_approval', 'queued', 'running', 'waiting_for_answer', 'paused', 'succeeded', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "agent_mode_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"agent_slug" text NOT NULL,
	"title" text NOT NULL,
	"instruction" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"output" text DEFAULT '' NOT NULL,
	"question" text,
	"answer" text,
	"answer_skipped" boolean DEFAULT false NOT NULL,
	"error" text,
	"credits" integer NOT NULL,
	"transaction_id" text,
	"refunded" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"activity" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_mode_steps_status_check" CHECK ("agent_mode_steps"."status" in ('pending', 'running', 'waiting', 'succeeded', 'failed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "agent_mode_runs" ADD CONSTRAINT "agent_mode_runs_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_mode_runs" ADD CONSTRAINT "agent_mode_runs_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_mode_runs" ADD CONSTRAINT "agent_mode_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_mode_steps" ADD CONSTRAINT "agent_mode_steps_run_id_agent_mode_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."agent_mode_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_mode_runs_space_created_idx" ON "agent_mode_runs" USING btree ("space_id","created_at");--> statement-breakpoint
CREATE INDEX "agent_mode_runs_moving_idx" ON "agent_mode_runs" USING btree ("status") WHERE "agent_mode_runs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "agent_mode_steps_run_position_unique" ON "agent_mode_steps" USING btree ("run_id","position");