CREATE TABLE "sites" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"name" text NOT NULL,
	"pce" text NOT NULL,
	"address" jsonb,
	"point_type" text,
	"point_code" text,
	"option" text,
	"profile" text,
	"car" double precision,
	"cja" double precision,
	"ntr" integer,
	"supplier" text,
	"contract_end_date" date,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sites_pce_check" CHECK ("sites"."pce" ~ '^[0-9]{14}$'),
	CONSTRAINT "sites_point_type_check" CHECK ("sites"."point_type" in ('PITD', 'LI', 'PIC')),
	CONSTRAINT "sites_option_check" CHECK ("sites"."option" in ('T1', 'T2', 'T3', 'T4', 'TP'))
);
--> statement-breakpoint
ALTER TABLE "audits" ADD COLUMN "site_id" text;--> statement-breakpoint
ALTER TABLE "optimisations" ADD COLUMN "site_id" text;--> statement-breakpoint
ALTER TABLE "simulations" ADD COLUMN "site_id" text;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sites_organisation_pce_idx" ON "sites" USING btree ("organisation_id","pce");--> statement-breakpoint
CREATE INDEX "sites_organisation_name_idx" ON "sites" USING btree ("organisation_id","name","id");--> statement-breakpoint
CREATE INDEX "sites_organisation_created_idx" ON "sites" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "sites_organisation_option_name_idx" ON "sites" USING btree ("organisation_id","option","name","id");--> statement-breakpoint
CREATE INDEX "sites_tags_idx" ON "sites" USING gin ("tags");--> statement-breakpoint
ALTER TABLE "audits" ADD CONSTRAINT "audits_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "optimisations" ADD CONSTRAINT "optimisations_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulations" ADD CONSTRAINT "simulations_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audits_site_created_idx" ON "audits" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "optimisations_site_created_idx" ON "optimisations" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "simulations_site_created_idx" ON "simulations" USING btree ("site_id","created_at");