-- Portfolio optimisation runs (issue #24 §4–§5, ADR 0077): one row per run, at most one running per organisation,
-- and one row per site computed (its costs and CJAs, or why it was skipped). New tables only: nothing to backfill.
CREATE TABLE "portfolio_run_sites" (
	"run_id" text NOT NULL,
	"site_id" text NOT NULL,
	"cja_actuelle" double precision,
	"cja_optimisee" double precision,
	"current_cost_euros" double precision,
	"optimised_cost_euros" double precision,
	"savings_euros" double precision,
	"message" text,
	CONSTRAINT "portfolio_run_sites_run_id_site_id_pk" PRIMARY KEY("run_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "portfolio_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"created_by" text,
	"status" text NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"message" text,
	"date_effet" text NOT NULL,
	"sites_optimised" integer DEFAULT 0 NOT NULL,
	"sites_skipped" integer DEFAULT 0 NOT NULL,
	"current_cost_euros" double precision DEFAULT 0 NOT NULL,
	"optimised_cost_euros" double precision DEFAULT 0 NOT NULL,
	"savings_euros" double precision DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "portfolio_runs_status_check" CHECK ("portfolio_runs"."status" in ('running', 'done', 'cancelled', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "portfolio_run_sites" ADD CONSTRAINT "portfolio_run_sites_run_id_portfolio_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."portfolio_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_run_sites" ADD CONSTRAINT "portfolio_run_sites_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_runs" ADD CONSTRAINT "portfolio_runs_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_runs" ADD CONSTRAINT "portfolio_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portfolio_run_sites_ranked_idx" ON "portfolio_run_sites" USING btree ("run_id","savings_euros" DESC NULLS LAST,"site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "portfolio_runs_one_running_idx" ON "portfolio_runs" USING btree ("organisation_id") WHERE "portfolio_runs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "portfolio_runs_organisation_created_idx" ON "portfolio_runs" USING btree ("organisation_id","created_at","id");