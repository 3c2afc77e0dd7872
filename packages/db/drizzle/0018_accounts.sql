CREATE TABLE "password_resets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_hash_key" ON "password_resets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
-- One-off data change (docs/accounts.md#phone-numbers): phones saved before the normal form existed become the
-- 10-digit national number when they are an Indian mobile written with separators or a +91, 91 or 0 prefix, as
-- normaliseIndianMobile (packages/contract/src/rules/phone.ts) does; anything else stays as it was.
UPDATE "users" AS u SET "phone" = n."national"
FROM (
  SELECT "id", substring(regexp_replace("phone", '[[:space:]().-]', '', 'g') from '^(?:\+91|91|0)?([6-9][0-9]{9})$') AS "national"
  FROM "users"
) AS n
WHERE n."id" = u."id" AND n."national" IS NOT NULL AND u."phone" <> n."national";--> statement-breakpoint
UPDATE "orders" AS o SET "phone" = n."national"
FROM (
  SELECT "id", substring(regexp_replace("phone", '[[:space:]().-]', '', 'g') from '^(?:\+91|91|0)?([6-9][0-9]{9})$') AS "national"
  FROM "orders"
) AS n
WHERE n."id" = o."id" AND n."national" IS NOT NULL AND o."phone" <> n."national";
