-- Every object belongs to an organisation (ADR 0066). The column is added nullable, filled with the creating user's
-- personal organisation, then made NOT NULL (mandates excepted: a proof record may have lost its account).
ALTER TABLE "audits" ADD COLUMN "organisation_id" text;--> statement-breakpoint
ALTER TABLE "consumption_datasets" ADD COLUMN "organisation_id" text;--> statement-breakpoint
ALTER TABLE "mandates" ADD COLUMN "organisation_id" text;--> statement-breakpoint
ALTER TABLE "optimisations" ADD COLUMN "organisation_id" text;--> statement-breakpoint
ALTER TABLE "simulations" ADD COLUMN "organisation_id" text;--> statement-breakpoint
-- A user who belongs to no organisation any more (removed everywhere) gets a personal one first, as migration 0016
-- and the users trigger make it, so that each of their objects has a home.
CREATE TEMPORARY TABLE "homeless_users_0021" AS
  SELECT "id" AS "user_id", gen_random_uuid()::text AS "organisation_id",
    left(coalesce(nullif(btrim("name"), ''), split_part("email", '@', 1)), 120) AS "name", "created_at"
  FROM "users" u
  WHERE NOT EXISTS (SELECT 1 FROM "organisation_members" m WHERE m."user_id" = u."id");--> statement-breakpoint
INSERT INTO "organisations" ("id", "name", "created_at", "updated_at")
  SELECT "organisation_id", "name", "created_at", "created_at" FROM "homeless_users_0021";--> statement-breakpoint
INSERT INTO "organisation_members" ("organisation_id", "user_id", "role", "created_at")
  SELECT "organisation_id", "user_id", 'owner', "created_at" FROM "homeless_users_0021";--> statement-breakpoint
INSERT INTO "active_organisations" ("user_id", "organisation_id")
  SELECT "user_id", "organisation_id" FROM "homeless_users_0021"
  ON CONFLICT ("user_id") DO NOTHING;--> statement-breakpoint
DROP TABLE "homeless_users_0021";--> statement-breakpoint
-- The personal organisation (ADR 0061 § 2): the one made with the user (same created_at), owned first; failing
-- that (ownership transferred, organisation deleted), one the user owns, else their oldest membership.
CREATE TEMPORARY TABLE "personal_organisations_0021" AS
  SELECT DISTINCT ON (u."id") u."id" AS "user_id", m."organisation_id"
  FROM "users" u
  JOIN "organisation_members" m ON m."user_id" = u."id"
  JOIN "organisations" o ON o."id" = m."organisation_id"
  ORDER BY u."id", (o."created_at" = u."created_at" AND m."role" = 'owner') DESC, (o."created_at" = u."created_at") DESC,
    (m."role" = 'owner') DESC, m."created_at", o."created_at", o."id";--> statement-breakpoint
UPDATE "simulations" t SET "organisation_id" = p."organisation_id"
  FROM "personal_organisations_0021" p WHERE p."user_id" = t."user_id";--> statement-breakpoint
UPDATE "optimisations" t SET "organisation_id" = p."organisation_id"
  FROM "personal_organisations_0021" p WHERE p."user_id" = t."user_id";--> statement-breakpoint
UPDATE "consumption_datasets" t SET "organisation_id" = p."organisation_id"
  FROM "personal_organisations_0021" p WHERE p."user_id" = t."user_id";--> statement-breakpoint
UPDATE "audits" t SET "organisation_id" = p."organisation_id"
  FROM "personal_organisations_0021" p WHERE p."user_id" = t."user_id";--> statement-breakpoint
UPDATE "mandates" t SET "organisation_id" = p."organisation_id"
  FROM "personal_organisations_0021" p WHERE p."user_id" = t."user_id";--> statement-breakpoint
DROP TABLE "personal_organisations_0021";--> statement-breakpoint
ALTER TABLE "audits" ALTER COLUMN "organisation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "consumption_datasets" ALTER COLUMN "organisation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "optimisations" ALTER COLUMN "organisation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "simulations" ALTER COLUMN "organisation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audits" ADD CONSTRAINT "audits_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumption_datasets" ADD CONSTRAINT "consumption_datasets_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mandates" ADD CONSTRAINT "mandates_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "optimisations" ADD CONSTRAINT "optimisations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulations" ADD CONSTRAINT "simulations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audits_organisation_created_idx" ON "audits" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "consumption_datasets_organisation_pce_idx" ON "consumption_datasets" USING btree ("organisation_id","pce");--> statement-breakpoint
CREATE INDEX "consumption_datasets_organisation_created_idx" ON "consumption_datasets" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "mandates_organisation_created_idx" ON "mandates" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "optimisations_organisation_created_idx" ON "optimisations" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "simulations_organisation_created_idx" ON "simulations" USING btree ("organisation_id","created_at","id");
