CREATE TABLE "transport_point_rows" (
	"dataset_id" text NOT NULL,
	"code" text NOT NULL,
	"libelle" text NOT NULL,
	"commune_insee" text NOT NULL,
	"commune" text NOT NULL,
	"tso" text NOT NULL,
	"ntr" integer NOT NULL,
	"source_line" integer NOT NULL,
	CONSTRAINT "transport_point_rows_dataset_id_code_commune_insee_pk" PRIMARY KEY("dataset_id","code","commune_insee"),
	CONSTRAINT "transport_point_rows_ntr_check" CHECK ("transport_point_rows"."ntr" between 0 and 10)
);
--> statement-breakpoint
ALTER TABLE "reference_datasets" DROP CONSTRAINT "reference_datasets_kind_check";--> statement-breakpoint
ALTER TABLE "transport_point_rows" ADD CONSTRAINT "transport_point_rows_dataset_id_reference_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."reference_datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_datasets" ADD CONSTRAINT "reference_datasets_kind_check" CHECK ("reference_datasets"."kind" in ('pitd', 'zi', 'li', 'pic'));