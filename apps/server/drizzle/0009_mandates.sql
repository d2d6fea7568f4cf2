CREATE TABLE "mandate_documents" (
	"mandate_id" text PRIMARY KEY NOT NULL,
	"pdf_enc" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mandates" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"kind" text NOT NULL,
	"energy_type" text NOT NULL,
	"manager" text NOT NULL,
	"status" text NOT NULL,
	"manager_name_enc" text,
	"delivery_point_number_enc" text,
	"address_enc" text,
	"postal_code_enc" text,
	"city_enc" text,
	"signature_enc" text,
	"evidence_enc" text,
	"authorized_consumption_data" boolean NOT NULL,
	"authorized_technical_data" boolean NOT NULL,
	"authorized_contractual_data" boolean NOT NULL,
	"authorized_load_curve" boolean NOT NULL,
	"duration_months" integer NOT NULL,
	"expiry_date" date NOT NULL,
	"consent_text_version" text NOT NULL,
	"pdf_sha256" text,
	"sealed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_date" timestamp with time zone,
	"activated_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"rejection_reason" text,
	"decided_by" text,
	"revoked_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"reminder_30_sent_at" timestamp with time zone,
	"reminder_7_sent_at" timestamp with time zone,
	"purged_at" timestamp with time zone,
	CONSTRAINT "mandates_kind_check" CHECK ("mandates"."kind" in ('simple', 'signed')),
	CONSTRAINT "mandates_energy_type_check" CHECK ("mandates"."energy_type" in ('electricity', 'gas')),
	CONSTRAINT "mandates_status_check" CHECK ("mandates"."status" in ('pending', 'sent', 'active', 'expired', 'revoked', 'rejected')),
	CONSTRAINT "mandates_duration_check" CHECK ("mandates"."duration_months" between 6 and 36)
);
--> statement-breakpoint
ALTER TABLE "mandate_documents" ADD CONSTRAINT "mandate_documents_mandate_id_mandates_id_fk" FOREIGN KEY ("mandate_id") REFERENCES "public"."mandates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mandates" ADD CONSTRAINT "mandates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mandates_user_created_idx" ON "mandates" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "mandates_status_manager_idx" ON "mandates" USING btree ("status","manager");--> statement-breakpoint
CREATE INDEX "mandates_expiry_idx" ON "mandates" USING btree ("status","expiry_date");