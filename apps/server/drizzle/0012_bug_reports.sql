CREATE TABLE "bug_reports" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"severity" text DEFAULT 'minor' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"status_note" text,
	"url" text DEFAULT '' NOT NULL,
	"element_selector" text,
	"element_html" text,
	"screenshot_uri" text,
	"screenshot_bytes" integer DEFAULT 0 NOT NULL,
	"reporter_email" text,
	"user_id" text,
	"browser_info" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bug_reports_severity_check" CHECK ("bug_reports"."severity" in ('minor', 'major', 'critical')),
	CONSTRAINT "bug_reports_status_check" CHECK ("bug_reports"."status" in ('new', 'in_progress', 'resolved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "bug_reports" ADD CONSTRAINT "bug_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bug_reports_created_at_idx" ON "bug_reports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "bug_reports_status_idx" ON "bug_reports" USING btree ("status","created_at");