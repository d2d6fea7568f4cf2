CREATE TABLE "billing_invoice_sequences" (
	"sequence" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text,
	"number" text NOT NULL,
	"sequence" text NOT NULL,
	"sequence_number" integer NOT NULL,
	"provider" text NOT NULL,
	"payment_ref" text NOT NULL,
	"plan" text NOT NULL,
	"interval" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"amount_ht_cents" integer NOT NULL,
	"vat_rate_basis_points" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"amount_ttc_cents" integer NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"issued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- The plan, its quotas and its billing belong to the organisation (ADR 0078). Each user's plan, subscription, trial,
-- counters, plan events and demonstration-provider records move to their personal organisation (ADR 0066 § 2's rule).
-- A user who belongs to no organisation any more first gets a personal one, as 0016 and 0021 make it.
CREATE TEMPORARY TABLE "homeless_users_0024" AS
  SELECT "id" AS "user_id", gen_random_uuid()::text AS "organisation_id",
    left(coalesce(nullif(btrim("name"), ''), split_part("email", '@', 1)), 120) AS "name", "created_at"
  FROM "users" u
  WHERE NOT EXISTS (SELECT 1 FROM "organisation_members" m WHERE m."user_id" = u."id");--> statement-breakpoint
INSERT INTO "organisations" ("id", "name", "created_at", "updated_at")
  SELECT "organisation_id", "name", "created_at", "created_at" FROM "homeless_users_0024";--> statement-breakpoint
INSERT INTO "organisation_members" ("organisation_id", "user_id", "role", "created_at")
  SELECT "organisation_id", "user_id", 'owner', "created_at" FROM "homeless_users_0024";--> statement-breakpoint
INSERT INTO "active_organisations" ("user_id", "organisation_id")
  SELECT "user_id", "organisation_id" FROM "homeless_users_0024"
  ON CONFLICT ("user_id") DO NOTHING;--> statement-breakpoint
DROP TABLE "homeless_users_0024";--> statement-breakpoint
CREATE TEMPORARY TABLE "personal_organisations_0024" AS
  SELECT DISTINCT ON (u."id") u."id" AS "user_id", m."organisation_id",
    (o."created_at" = u."created_at" AND m."role" = 'owner') AS "made_with_user"
  FROM "users" u
  JOIN "organisation_members" m ON m."user_id" = u."id"
  JOIN "organisations" o ON o."id" = m."organisation_id"
  ORDER BY u."id", (o."created_at" = u."created_at" AND m."role" = 'owner') DESC, (o."created_at" = u."created_at") DESC,
    (m."role" = 'owner') DESC, m."created_at", o."created_at", o."id";--> statement-breakpoint
-- The tier: an administrator's is their role's (the entitlement reads the role), so their organisation keeps free; when
-- two users' personal organisations are one (a fallback of the rule), the user it was made with decides.
ALTER TABLE "organisations" ADD COLUMN "tier" text DEFAULT 'free' NOT NULL;--> statement-breakpoint
UPDATE "organisations" o SET "tier" = t."tier"
  FROM (
    SELECT DISTINCT ON (p."organisation_id") p."organisation_id",
      CASE WHEN u."role" = 'admin' AND u."tier" = 'admin' THEN 'free' ELSE u."tier" END AS "tier"
    FROM "personal_organisations_0024" p JOIN "users" u ON u."id" = p."user_id"
    ORDER BY p."organisation_id", p."made_with_user" DESC, (u."tier" <> 'free') DESC, u."created_at", u."id"
  ) t
  WHERE o."id" = t."organisation_id";--> statement-breakpoint
-- Counters: the personal organisation's are the sum of its users' (one user each, but nothing is dropped).
CREATE TEMPORARY TABLE "usage_counters_0024" AS
  SELECT p."organisation_id", c."feature", c."period_start", max(c."period_end") AS "period_end",
    sum(c."used")::integer AS "used", max(c."updated_at") AS "updated_at"
  FROM "usage_counters" c JOIN "personal_organisations_0024" p ON p."user_id" = c."user_id"
  GROUP BY p."organisation_id", c."feature", c."period_start";--> statement-breakpoint
DELETE FROM "usage_counters";--> statement-breakpoint
ALTER TABLE "usage_counters" DROP CONSTRAINT "usage_counters_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "usage_counters" DROP CONSTRAINT "usage_counters_user_id_feature_period_start_pk";--> statement-breakpoint
ALTER TABLE "usage_counters" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "usage_counters" ADD COLUMN "organisation_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_counters" ADD CONSTRAINT "usage_counters_organisation_id_feature_period_start_pk" PRIMARY KEY("organisation_id","feature","period_start");--> statement-breakpoint
INSERT INTO "usage_counters" ("organisation_id", "feature", "period_start", "period_end", "used", "updated_at")
  SELECT "organisation_id", "feature", "period_start", "period_end", "used", "updated_at" FROM "usage_counters_0024";--> statement-breakpoint
DROP TABLE "usage_counters_0024";--> statement-breakpoint
-- Subscriptions: one per organisation (the most recently updated if two users' land in one); user_id = who subscribed.
ALTER TABLE "billing_subscriptions" ADD COLUMN "organisation_id" text;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD COLUMN "interval" text DEFAULT 'month' NOT NULL;--> statement-breakpoint
UPDATE "billing_subscriptions" s SET "organisation_id" = p."organisation_id"
  FROM "personal_organisations_0024" p WHERE p."user_id" = s."user_id";--> statement-breakpoint
DELETE FROM "billing_subscriptions" s USING "billing_subscriptions" newer
  WHERE newer."organisation_id" = s."organisation_id" AND newer."user_id" <> s."user_id"
    AND (newer."updated_at", newer."user_id") > (s."updated_at", s."user_id");--> statement-breakpoint
ALTER TABLE "billing_subscriptions" DROP CONSTRAINT "billing_subscriptions_pkey";--> statement-breakpoint
ALTER TABLE "billing_subscriptions" DROP CONSTRAINT "billing_subscriptions_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ALTER COLUMN "organisation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD PRIMARY KEY ("organisation_id");--> statement-breakpoint
-- Trials: at most one per organisation, one started per user (kept as before).
ALTER TABLE "business_trials" ADD COLUMN "organisation_id" text;--> statement-breakpoint
UPDATE "business_trials" t SET "organisation_id" = p."organisation_id"
  FROM "personal_organisations_0024" p WHERE p."user_id" = t."user_id";--> statement-breakpoint
DELETE FROM "business_trials" t USING "business_trials" later
  WHERE later."organisation_id" = t."organisation_id" AND later."user_id" <> t."user_id"
    AND (later."ends_at", later."user_id") > (t."ends_at", t."user_id");--> statement-breakpoint
ALTER TABLE "business_trials" DROP CONSTRAINT "business_trials_pkey";--> statement-breakpoint
ALTER TABLE "business_trials" DROP CONSTRAINT "business_trials_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "business_trials" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "business_trials" ALTER COLUMN "organisation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "business_trials" ADD PRIMARY KEY ("organisation_id");--> statement-breakpoint
-- Plan events keep their user (older history) and name the organisation.
ALTER TABLE "plan_events" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_events" ADD COLUMN "organisation_id" text;--> statement-breakpoint
UPDATE "plan_events" e SET "organisation_id" = p."organisation_id"
  FROM "personal_organisations_0024" p WHERE p."user_id" = e."user_id";--> statement-breakpoint
-- The demonstration provider's records.
ALTER TABLE "local_billing_sessions" ADD COLUMN "organisation_id" text;--> statement-breakpoint
ALTER TABLE "local_billing_sessions" ADD COLUMN "interval" text DEFAULT 'month' NOT NULL;--> statement-breakpoint
ALTER TABLE "local_billing_subscriptions" ADD COLUMN "organisation_id" text;--> statement-breakpoint
ALTER TABLE "local_billing_subscriptions" ADD COLUMN "interval" text DEFAULT 'month' NOT NULL;--> statement-breakpoint
UPDATE "local_billing_sessions" t SET "organisation_id" = p."organisation_id"
  FROM "personal_organisations_0024" p WHERE p."user_id" = t."user_id";--> statement-breakpoint
UPDATE "local_billing_subscriptions" t SET "organisation_id" = p."organisation_id"
  FROM "personal_organisations_0024" p WHERE p."user_id" = t."user_id";--> statement-breakpoint
DROP TABLE "personal_organisations_0024";--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoices_number_idx" ON "billing_invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoices_sequence_number_idx" ON "billing_invoices" USING btree ("sequence","sequence_number");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoices_payment_idx" ON "billing_invoices" USING btree ("provider","payment_ref");--> statement-breakpoint
CREATE INDEX "billing_invoices_organisation_idx" ON "billing_invoices" USING btree ("organisation_id","issued_at","id");--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "billing_subscriptions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "billing_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_trials" ADD CONSTRAINT "business_trials_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_trials" ADD CONSTRAINT "business_trials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_billing_sessions" ADD CONSTRAINT "local_billing_sessions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_billing_subscriptions" ADD CONSTRAINT "local_billing_subscriptions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_events" ADD CONSTRAINT "plan_events_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_counters" ADD CONSTRAINT "usage_counters_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_trials_user_idx" ON "business_trials" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "local_billing_subscriptions_organisation_idx" ON "local_billing_subscriptions" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "plan_events_organisation_created_idx" ON "plan_events" USING btree ("organisation_id","created_at");--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "billing_subscriptions_interval_check" CHECK ("billing_subscriptions"."interval" in ('month', 'year'));--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_tier_check" CHECK ("organisations"."tier" in ('free', 'basic', 'premium', 'admin', 'business_trial'));