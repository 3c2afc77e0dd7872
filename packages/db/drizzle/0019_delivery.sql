CREATE TABLE "delivery_settings" (
	"id" text PRIMARY KEY DEFAULT 'store' NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_settings_one_row" CHECK ("delivery_settings"."id" = 'store')
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_by" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_zone" text;--> statement-breakpoint
-- The delivery settings are cached with the catalogue (docs/decisions/010-catalogue-cache.md): a change notifies
-- the same channel, so every instance's next delivery lookup uses it.
CREATE TRIGGER delivery_settings_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON delivery_settings
  FOR EACH STATEMENT EXECUTE FUNCTION rangrez_catalogue_changed();
