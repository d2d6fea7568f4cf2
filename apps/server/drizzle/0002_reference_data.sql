CREATE TABLE "pitd_rows" (
	"dataset_id" text NOT NULL,
	"code_pitd" text NOT NULL,
	"libelle" text NOT NULL,
	"commune_insee" text NOT NULL,
	"commune" text NOT NULL,
	"tso" text NOT NULL,
	"dso" text NOT NULL,
	"ntr" integer NOT NULL,
	"station_meteo" text NOT NULL,
	"source_line" integer NOT NULL,
	CONSTRAINT "pitd_rows_dataset_id_code_pitd_commune_insee_pk" PRIMARY KEY("dataset_id","code_pitd","commune_insee"),
	CONSTRAINT "pitd_rows_ntr_check" CHECK ("pitd_rows"."ntr" between 0 and 10)
);
--> statement-breakpoint
CREATE TABLE "reference_datasets" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"source_file_name" text NOT NULL,
	"row_count" integer NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"imported_by" text NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"is_sample" boolean DEFAULT false NOT NULL,
	CONSTRAINT "reference_datasets_kind_check" CHECK ("reference_datasets"."kind" in ('pitd', 'zi'))
);
--> statement-breakpoint
CREATE TABLE "simulations" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"point_de_reseau" text NOT NULL,
	"input" jsonb NOT NULL,
	"result" jsonb NOT NULL,
	"grid_dates" jsonb NOT NULL,
	"date_effet" text NOT NULL,
	"used_sample_data" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zi_rows" (
	"dataset_id" text NOT NULL,
	"station_meteo" text NOT NULL,
	"profil" text NOT NULL,
	"zi" double precision NOT NULL,
	"source_line" integer NOT NULL,
	CONSTRAINT "zi_rows_dataset_id_station_meteo_profil_pk" PRIMARY KEY("dataset_id","station_meteo","profil")
);
--> statement-breakpoint
ALTER TABLE "pitd_rows" ADD CONSTRAINT "pitd_rows_dataset_id_reference_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."reference_datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulations" ADD CONSTRAINT "simulations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zi_rows" ADD CONSTRAINT "zi_rows_dataset_id_reference_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."reference_datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reference_datasets_kind_version_idx" ON "reference_datasets" USING btree ("kind","version");--> statement-breakpoint
CREATE UNIQUE INDEX "reference_datasets_one_active_idx" ON "reference_datasets" USING btree ("kind") WHERE "reference_datasets"."is_active";--> statement-breakpoint
CREATE INDEX "simulations_user_id_created_at_idx" ON "simulations" USING btree ("user_id","created_at");