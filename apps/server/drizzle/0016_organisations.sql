CREATE TABLE "active_organisations" (
	"user_id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation_invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"invited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "organisation_invitations_role_check" CHECK ("organisation_invitations"."role" in ('admin', 'member', 'viewer'))
);
--> statement-breakpoint
CREATE TABLE "organisation_members" (
	"organisation_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_members_organisation_id_user_id_pk" PRIMARY KEY("organisation_id","user_id"),
	CONSTRAINT "organisation_members_role_check" CHECK ("organisation_members"."role" in ('owner', 'admin', 'member', 'viewer'))
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"siren" text,
	"vat_number" text,
	"address" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "active_organisations" ADD CONSTRAINT "active_organisations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "active_organisations" ADD CONSTRAINT "active_organisations_membership_fk" FOREIGN KEY ("organisation_id","user_id") REFERENCES "public"."organisation_members"("organisation_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_invitations" ADD CONSTRAINT "organisation_invitations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_invitations" ADD CONSTRAINT "organisation_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_members" ADD CONSTRAINT "organisation_members_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_members" ADD CONSTRAINT "organisation_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organisation_invitations_org_idx" ON "organisation_invitations" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "organisation_members_user_idx" ON "organisation_members" USING btree ("user_id");--> statement-breakpoint
-- Every existing user gets a personal organisation where they are the owner (ADR 0061), named after them.
CREATE TEMPORARY TABLE "personal_organisations_0016" AS
  SELECT "id" AS "user_id", gen_random_uuid()::text AS "organisation_id",
    left(coalesce(nullif(btrim("name"), ''), split_part("email", '@', 1)), 120) AS "name", "created_at"
  FROM "users";--> statement-breakpoint
INSERT INTO "organisations" ("id", "name", "created_at", "updated_at")
  SELECT "organisation_id", "name", "created_at", "created_at" FROM "personal_organisations_0016";--> statement-breakpoint
INSERT INTO "organisation_members" ("organisation_id", "user_id", "role", "created_at")
  SELECT "organisation_id", "user_id", 'owner', "created_at" FROM "personal_organisations_0016";--> statement-breakpoint
INSERT INTO "active_organisations" ("user_id", "organisation_id")
  SELECT "user_id", "organisation_id" FROM "personal_organisations_0016";--> statement-breakpoint
DROP TABLE "personal_organisations_0016";--> statement-breakpoint
-- A new user (sign-up, Google, admin:create, tests) gets one in the same transaction as their row.
CREATE FUNCTION "create_personal_organisation"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  organisation_id text := gen_random_uuid()::text;
BEGIN
  INSERT INTO "organisations" ("id", "name", "created_at", "updated_at")
    VALUES (organisation_id, left(coalesce(nullif(btrim(NEW."name"), ''), split_part(NEW."email", '@', 1)), 120),
      NEW."created_at", NEW."created_at");
  INSERT INTO "organisation_members" ("organisation_id", "user_id", "role", "created_at")
    VALUES (organisation_id, NEW."id", 'owner', NEW."created_at");
  INSERT INTO "active_organisations" ("user_id", "organisation_id") VALUES (NEW."id", organisation_id);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_personal_organisation" AFTER INSERT ON "users"
  FOR EACH ROW EXECUTE FUNCTION "create_personal_organisation"();
