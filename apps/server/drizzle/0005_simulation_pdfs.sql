CREATE TABLE "simulation_pdfs" (
	"simulation_id" text NOT NULL,
	"renderer_version" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulation_pdfs_simulation_id_renderer_version_pk" PRIMARY KEY("simulation_id","renderer_version")
);
--> statement-breakpoint
ALTER TABLE "simulation_pdfs" ADD CONSTRAINT "simulation_pdfs_simulation_id_simulations_id_fk" FOREIGN KEY ("simulation_id") REFERENCES "public"."simulations"("id") ON DELETE cascade ON UPDATE no action;