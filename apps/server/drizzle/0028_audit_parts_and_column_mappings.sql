CREATE TABLE "audit_column_mappings" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"user_id" text,
	"signature" text NOT NULL,
	"titles" jsonb NOT NULL,
	"mapping" jsonb NOT NULL,
	"supplier" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_headers_to_map" (
	"audit_id" text PRIMARY KEY NOT NULL,
	"header" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "audits_storage_uri_idx";--> statement-breakpoint
ALTER TABLE "audits" ADD COLUMN "part" jsonb;--> statement-breakpoint
ALTER TABLE "audit_column_mappings" ADD CONSTRAINT "audit_column_mappings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_column_mappings" ADD CONSTRAINT "audit_column_mappings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_headers_to_map" ADD CONSTRAINT "audit_headers_to_map_audit_id_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_column_mappings_organisation_signature_idx" ON "audit_column_mappings" USING btree ("organisation_id","signature");--> statement-breakpoint
CREATE INDEX "audit_column_mappings_organisation_updated_idx" ON "audit_column_mappings" USING btree ("organisation_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "audits_storage_uri_part_idx" ON "audits" USING btree ("storage_uri",coalesce(("part" ->> 'index'), '0'));