CREATE TABLE "consumption_datasets" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"pce" text NOT NULL,
	"label" text,
	"source_format" text NOT NULL,
	"source_file_name" text,
	"unit" text NOT NULL,
	"conversion_coefficient" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consumption_datasets_pce_check" CHECK ("consumption_datasets"."pce" ~ '^[0-9]{14}$'),
	CONSTRAINT "consumption_datasets_format_check" CHECK ("consumption_datasets"."source_format" in ('simple', 'grdf')),
	CONSTRAINT "consumption_datasets_unit_check" CHECK ("consumption_datasets"."unit" in ('kWh', 'm3'))
);
--> statement-breakpoint
CREATE TABLE "consumption_readings" (
	"dataset_id" text NOT NULL,
	"date" date NOT NULL,
	"kwh" double precision,
	"quality" text NOT NULL,
	"volume_m3" double precision,
	"coefficient" double precision,
	"source_line" integer,
	CONSTRAINT "consumption_readings_dataset_id_date_pk" PRIMARY KEY("dataset_id","date"),
	CONSTRAINT "consumption_readings_quality_check" CHECK ("consumption_readings"."quality" in ('mesure', 'estime', 'manquant')),
	CONSTRAINT "consumption_readings_kwh_check" CHECK (("consumption_readings"."quality" = 'manquant' and "consumption_readings"."kwh" is null) or ("consumption_readings"."quality" <> 'manquant' and "consumption_readings"."kwh" >= 0))
);
--> statement-breakpoint
ALTER TABLE "consumption_datasets" ADD CONSTRAINT "consumption_datasets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumption_readings" ADD CONSTRAINT "consumption_readings_dataset_id_consumption_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."consumption_datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consumption_datasets_user_pce_idx" ON "consumption_datasets" USING btree ("user_id","pce");--> statement-breakpoint
CREATE INDEX "consumption_datasets_user_created_idx" ON "consumption_datasets" USING btree ("user_id","created_at");