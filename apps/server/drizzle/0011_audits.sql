CREATE TABLE "audit_claim_letters" (
	"audit_id" text NOT NULL,
	"renderer_version" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_claim_letters_audit_id_renderer_version_pk" PRIMARY KEY("audit_id","renderer_version")
);
--> statement-breakpoint
CREATE TABLE "audits" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"file_name" text NOT NULL,
	"declared_mime" text NOT NULL,
	"format" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_uri" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"found" jsonb,
	"invoice" jsonb,
	"report" jsonb,
	"warnings" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "audits_status_check" CHECK ("audits"."status" in ('uploaded', 'queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "audit_claim_letters" ADD CONSTRAINT "audit_claim_letters_audit_id_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audits" ADD CONSTRAINT "audits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audits_user_id_created_at_idx" ON "audits" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "audits_storage_uri_idx" ON "audits" USING btree ("storage_uri");