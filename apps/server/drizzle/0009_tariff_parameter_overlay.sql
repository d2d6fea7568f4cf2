CREATE TABLE "tariff_data_audit" (
	"id" text PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"actor_id" text,
	"actor_email" text NOT NULL,
	"summary" text NOT NULL,
	"details" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tariff_data_audit_action_check" CHECK ("tariff_data_audit"."action" in ('value.add', 'value.undo', 'grid.import', 'reference.import'))
);
--> statement-breakpoint
CREATE TABLE "tariff_parameter_values" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tariff_parameter_values_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"parameter_id" text NOT NULL,
	"valid_from" date NOT NULL,
	"version" integer NOT NULL,
	"action" text NOT NULL,
	"value" double precision,
	"unit" text NOT NULL,
	"status" text NOT NULL,
	"references" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"origin" text NOT NULL,
	"batch_id" text,
	"recorded_by_id" text,
	"recorded_by" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tariff_parameter_values_action_check" CHECK ("tariff_parameter_values"."action" in ('set', 'withdraw')),
	CONSTRAINT "tariff_parameter_values_status_check" CHECK ("tariff_parameter_values"."status" in ('official', 'secondary', 'estimate')),
	CONSTRAINT "tariff_parameter_values_origin_check" CHECK ("tariff_parameter_values"."origin" in ('panel', 'undo', 'import'))
);
--> statement-breakpoint
ALTER TABLE "tariff_data_audit" ADD CONSTRAINT "tariff_data_audit_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_parameter_values" ADD CONSTRAINT "tariff_parameter_values_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tariff_data_audit_created_at_idx" ON "tariff_data_audit" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tariff_parameter_values_version_idx" ON "tariff_parameter_values" USING btree ("parameter_id","valid_from","version");