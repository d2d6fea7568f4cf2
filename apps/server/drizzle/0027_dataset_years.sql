-- The portfolio optimiser's year per dataset (issue #24 §5, ADR 0083): consumption_dataset_years holds, per dataset
-- with a measured or estimated day, its readings of the 365 days up to last_day packed in one row (kWh as float8send
-- bytes, NaN for a missing day; one quality letter per reading), so a chunk of « Optimiser tout le portefeuille » reads
-- 50 small rows instead of aggregating 18 000 readings. Kept by the readings' statement trigger of migration 0025
-- (every writer: file import, operator sync, purge), which now rewrites the changed datasets' year after their
-- last_day; backfilled here.
CREATE TABLE "consumption_dataset_years" (
	"dataset_id" text PRIMARY KEY NOT NULL,
	"first_day" date NOT NULL,
	"days" integer NOT NULL,
	"kwh" "bytea" NOT NULL,
	"quality" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consumption_dataset_years" ADD CONSTRAINT "consumption_dataset_years_dataset_id_consumption_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."consumption_datasets"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "consumption_datasets_keep_last_day"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "consumption_datasets" d SET "last_day" = (
    SELECT max(r."date") FROM "consumption_readings" r WHERE r."dataset_id" = d."id" AND r."quality" <> 'manquant'
  )
  WHERE d."id" IN (SELECT DISTINCT c."dataset_id" FROM "changed_readings" c);
  DELETE FROM "consumption_dataset_years" y WHERE y."dataset_id" IN (SELECT DISTINCT c."dataset_id" FROM "changed_readings" c);
  INSERT INTO "consumption_dataset_years" ("dataset_id", "first_day", "days", "kwh", "quality")
  SELECT d."id", min(r."date"), count(*)::int,
    string_agg(float8send(coalesce(r."kwh", 'NaN'::float8)), ''::bytea ORDER BY r."date"),
    string_agg(CASE r."quality" WHEN 'mesure' THEN 'm' WHEN 'estime' THEN 'e' ELSE 'x' END, '' ORDER BY r."date")
  FROM "consumption_datasets" d
  JOIN "consumption_readings" r ON r."dataset_id" = d."id" AND r."date" > d."last_day" - 365 AND r."date" <= d."last_day"
  WHERE d."id" IN (SELECT DISTINCT c."dataset_id" FROM "changed_readings" c) AND d."last_day" IS NOT NULL
  GROUP BY d."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
INSERT INTO "consumption_dataset_years" ("dataset_id", "first_day", "days", "kwh", "quality")
SELECT d."id", min(r."date"), count(*)::int,
  string_agg(float8send(coalesce(r."kwh", 'NaN'::float8)), ''::bytea ORDER BY r."date"),
  string_agg(CASE r."quality" WHEN 'mesure' THEN 'm' WHEN 'estime' THEN 'e' ELSE 'x' END, '' ORDER BY r."date")
FROM "consumption_datasets" d
JOIN "consumption_readings" r ON r."dataset_id" = d."id" AND r."date" > d."last_day" - 365 AND r."date" <= d."last_day"
WHERE d."last_day" IS NOT NULL
GROUP BY d."id";
