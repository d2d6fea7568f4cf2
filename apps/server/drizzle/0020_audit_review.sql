CREATE TABLE "audit_supplier_corrections" (
	"user_id" text NOT NULL,
	"supplier_key" text NOT NULL,
	"pce" text NOT NULL,
	"values" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_supplier_corrections_user_id_supplier_key_pce_pk" PRIMARY KEY("user_id","supplier_key","pce")
);
--> statement-breakpoint
ALTER TABLE "audits" DROP CONSTRAINT "audits_status_check";--> statement-breakpoint
ALTER TABLE "audits" ADD COLUMN "review" jsonb;--> statement-breakpoint
ALTER TABLE "audit_supplier_corrections" ADD CONSTRAINT "audit_supplier_corrections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audits" ADD CONSTRAINT "audits_status_check" CHECK ("audits"."status" in ('uploaded', 'queued', 'running', 'to_complete', 'done', 'failed'));