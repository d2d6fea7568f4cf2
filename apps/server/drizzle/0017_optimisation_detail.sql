ALTER TABLE "optimisations" ADD COLUMN "input" jsonb;--> statement-breakpoint
ALTER TABLE "optimisations" ADD COLUMN "result" json;