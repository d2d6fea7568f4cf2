-- The dashboard at 10 000 sites (issue #24 §5, ADR 0079): what it read by scanning readings and parsing results is
-- kept on write. consumption_datasets.last_day: the last measured or estimated day of the dataset (days marked
-- `manquant` do not count; null: none), kept by a statement trigger on consumption_readings (every writer: file
-- import, operator sync, purge). simulations.annual_network_euros: the year's fixed network cost of the result
-- (`result.annuel.totalFixe`), written by a row trigger when the insert does not give it. Both backfilled.
ALTER TABLE "consumption_datasets" ADD COLUMN "last_day" date;--> statement-breakpoint
UPDATE "consumption_datasets" d SET "last_day" = (
  SELECT max(r."date") FROM "consumption_readings" r WHERE r."dataset_id" = d."id" AND r."quality" <> 'manquant'
);--> statement-breakpoint
CREATE FUNCTION "consumption_datasets_keep_last_day"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "consumption_datasets" d SET "last_day" = (
    SELECT max(r."date") FROM "consumption_readings" r WHERE r."dataset_id" = d."id" AND r."quality" <> 'manquant'
  )
  WHERE d."id" IN (SELECT DISTINCT c."dataset_id" FROM "changed_readings" c);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "consumption_readings_last_day_insert" AFTER INSERT ON "consumption_readings"
  REFERENCING NEW TABLE AS "changed_readings" FOR EACH STATEMENT EXECUTE FUNCTION "consumption_datasets_keep_last_day"();--> statement-breakpoint
CREATE TRIGGER "consumption_readings_last_day_update" AFTER UPDATE ON "consumption_readings"
  REFERENCING NEW TABLE AS "changed_readings" FOR EACH STATEMENT EXECUTE FUNCTION "consumption_datasets_keep_last_day"();--> statement-breakpoint
CREATE TRIGGER "consumption_readings_last_day_delete" AFTER DELETE ON "consumption_readings"
  REFERENCING OLD TABLE AS "changed_readings" FOR EACH STATEMENT EXECUTE FUNCTION "consumption_datasets_keep_last_day"();--> statement-breakpoint
-- The sites' « last data day » reads (organisation_id, pce, last_day) only: an index-only probe per site.
CREATE INDEX "consumption_datasets_organisation_pce_last_idx" ON "consumption_datasets" USING btree ("organisation_id","pce","last_day");--> statement-breakpoint
DROP INDEX "consumption_datasets_organisation_pce_idx";--> statement-breakpoint
ALTER TABLE "simulations" ADD COLUMN "annual_network_euros" double precision;--> statement-breakpoint
UPDATE "simulations" SET "annual_network_euros" = CASE
  WHEN json_typeof("result" -> 'annuel' -> 'totalFixe') = 'number' THEN ("result" -> 'annuel' ->> 'totalFixe')::float8
END;--> statement-breakpoint
CREATE FUNCTION "simulations_annual_network_euros"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."annual_network_euros" IS NULL AND json_typeof(NEW."result" -> 'annuel' -> 'totalFixe') = 'number' THEN
    NEW."annual_network_euros" := (NEW."result" -> 'annuel' ->> 'totalFixe')::float8;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "simulations_annual_network_euros" BEFORE INSERT ON "simulations"
  FOR EACH ROW EXECUTE FUNCTION "simulations_annual_network_euros"();--> statement-breakpoint
-- Deleting an account keeps what it made in its organisations (issue #24 §1, ADR 0079): the creator becomes null.
ALTER TABLE "simulations" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "simulations" DROP CONSTRAINT "simulations_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "simulations" ADD CONSTRAINT "simulations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "optimisations" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "optimisations" DROP CONSTRAINT "optimisations_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "optimisations" ADD CONSTRAINT "optimisations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumption_datasets" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "consumption_datasets" DROP CONSTRAINT "consumption_datasets_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "consumption_datasets" ADD CONSTRAINT "consumption_datasets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
