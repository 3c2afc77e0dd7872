CREATE TABLE "store_settings" (
	"id" text PRIMARY KEY DEFAULT 'store' NOT NULL,
	"value" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_settings_one_row" CHECK ("store_settings"."id" = 'store')
);
--> statement-breakpoint
-- The store's details set in the back office are cached with the catalogue (docs/decisions/010-catalogue-cache.md):
-- a change to them notifies the same channel, so every instance's next page shows it.
CREATE TRIGGER store_settings_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON store_settings
  FOR EACH STATEMENT EXECUTE FUNCTION rangrez_catalogue_changed();
