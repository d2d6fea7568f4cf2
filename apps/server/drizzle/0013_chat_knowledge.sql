CREATE TABLE "optimisations" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"code" text NOT NULL,
	"commune" text NOT NULL,
	"tso" text NOT NULL,
	"tarif" text NOT NULL,
	"date_effet" text NOT NULL,
	"cja_actuelle" double precision NOT NULL,
	"cja_optimisee" double precision NOT NULL,
	"economie_annuelle" double precision NOT NULL,
	"pourcentage_economie" double precision NOT NULL,
	"cout_avant" double precision NOT NULL,
	"cout_apres" double precision NOT NULL,
	"series_estimated" boolean NOT NULL,
	"has_estimates" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "optimisations" ADD CONSTRAINT "optimisations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "optimisations_user_id_created_at_idx" ON "optimisations" USING btree ("user_id","created_at");