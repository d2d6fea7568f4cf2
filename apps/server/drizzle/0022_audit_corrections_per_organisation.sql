-- The review step's corrections belong to organisations (ADR 0081; they were per user since 0020, which came before
-- audits got organisation_id in 0021). Each row goes to the organisation of its author's latest audit of that PCE,
-- else to the author's personal organisation (as 0021 chose it); two members' rows for the same organisation,
-- supplier and PCE keep the newer one. user_id stays as who confirmed it last (set null when that user goes).
ALTER TABLE "audit_supplier_corrections" DROP CONSTRAINT "audit_supplier_corrections_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "audit_supplier_corrections" DROP CONSTRAINT "audit_supplier_corrections_user_id_supplier_key_pce_pk";--> statement-breakpoint
ALTER TABLE "audit_supplier_corrections" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_supplier_corrections" ADD COLUMN "organisation_id" text;--> statement-breakpoint
UPDATE "audit_supplier_corrections" c SET "organisation_id" = (
  SELECT a."organisation_id" FROM "audits" a
  WHERE a."user_id" = c."user_id" AND c."pce" <> '' AND a."invoice" -> 'point' ->> 'pce' = c."pce"
  ORDER BY a."created_at" DESC, a."id" DESC LIMIT 1
);--> statement-breakpoint
CREATE TEMPORARY TABLE "personal_organisations_0022" AS
  SELECT DISTINCT ON (u."id") u."id" AS "user_id", m."organisation_id"
  FROM "users" u
  JOIN "organisation_members" m ON m."user_id" = u."id"
  JOIN "organisations" o ON o."id" = m."organisation_id"
  ORDER BY u."id", (o."created_at" = u."created_at" AND m."role" = 'owner') DESC, (o."created_at" = u."created_at") DESC,
    (m."role" = 'owner') DESC, m."created_at", o."created_at", o."id";--> statement-breakpoint
UPDATE "audit_supplier_corrections" c SET "organisation_id" = p."organisation_id"
  FROM "personal_organisations_0022" p WHERE c."organisation_id" IS NULL AND p."user_id" = c."user_id";--> statement-breakpoint
DROP TABLE "personal_organisations_0022";--> statement-breakpoint
-- A correction whose author belongs to no organisation has no home left.
DELETE FROM "audit_supplier_corrections" WHERE "organisation_id" IS NULL;--> statement-breakpoint
DELETE FROM "audit_supplier_corrections" c WHERE EXISTS (
  SELECT 1 FROM "audit_supplier_corrections" n
  WHERE n."organisation_id" = c."organisation_id" AND n."supplier_key" = c."supplier_key" AND n."pce" = c."pce"
    AND (n."updated_at" > c."updated_at" OR (n."updated_at" = c."updated_at" AND n."user_id" > c."user_id"))
);--> statement-breakpoint
ALTER TABLE "audit_supplier_corrections" ALTER COLUMN "organisation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_supplier_corrections" ADD CONSTRAINT "audit_supplier_corrections_organisation_id_supplier_key_pce_pk" PRIMARY KEY("organisation_id","supplier_key","pce");--> statement-breakpoint
ALTER TABLE "audit_supplier_corrections" ADD CONSTRAINT "audit_supplier_corrections_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_supplier_corrections" ADD CONSTRAINT "audit_supplier_corrections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
