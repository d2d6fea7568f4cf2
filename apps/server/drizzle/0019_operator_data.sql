CREATE TABLE "mandate_operator_access" (
	"mandate_id" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"access_right_id" text,
	"access_state" text NOT NULL,
	"proof_status" text,
	"reason" text,
	"operator_reason" text,
	"sync_status" text DEFAULT 'idle' NOT NULL,
	"sync_error" text,
	"last_sync_at" timestamp with time zone,
	"contractual" jsonb,
	"technical" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mandate_operator_access_source_check" CHECK ("mandate_operator_access"."source" in ('demo', 'adict')),
	CONSTRAINT "mandate_operator_access_state_check" CHECK ("mandate_operator_access"."access_state" in ('declaring', 'pending', 'active', 'refused', 'revoked', 'obsolete', 'to_recheck', 'ended')),
	CONSTRAINT "mandate_operator_access_sync_check" CHECK ("mandate_operator_access"."sync_status" in ('idle', 'syncing', 'ok', 'error', 'stopped'))
);
--> statement-breakpoint
ALTER TABLE "consumption_datasets" DROP CONSTRAINT "consumption_datasets_format_check";--> statement-breakpoint
ALTER TABLE "consumption_datasets" ADD COLUMN "mandate_id" text;--> statement-breakpoint
ALTER TABLE "consumption_datasets" ADD COLUMN "operator_source" text;--> statement-breakpoint
ALTER TABLE "consumption_readings" ADD COLUMN "operator_quality" text;--> statement-breakpoint
ALTER TABLE "mandate_operator_access" ADD CONSTRAINT "mandate_operator_access_mandate_id_mandates_id_fk" FOREIGN KEY ("mandate_id") REFERENCES "public"."mandates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumption_datasets" ADD CONSTRAINT "consumption_datasets_mandate_id_mandates_id_fk" FOREIGN KEY ("mandate_id") REFERENCES "public"."mandates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consumption_datasets_mandate_idx" ON "consumption_datasets" USING btree ("mandate_id");--> statement-breakpoint
ALTER TABLE "consumption_datasets" ADD CONSTRAINT "consumption_datasets_operator_check" CHECK (("consumption_datasets"."source_format" = 'operator') = ("consumption_datasets"."mandate_id" is not null and "consumption_datasets"."operator_source" in ('demo', 'adict')));--> statement-breakpoint
ALTER TABLE "consumption_datasets" ADD CONSTRAINT "consumption_datasets_format_check" CHECK ("consumption_datasets"."source_format" in ('simple', 'grdf', 'operator'));--> statement-breakpoint
ALTER TABLE "consumption_readings" ADD CONSTRAINT "consumption_readings_operator_quality_check" CHECK ("consumption_readings"."operator_quality" is null or "consumption_readings"."operator_quality" in ('published', 'estimated', 'corrected'));