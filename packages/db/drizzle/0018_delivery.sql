CREATE TABLE "delivery_settings" (
	"id" text PRIMARY KEY DEFAULT 'store' NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_settings_one_row" CHECK ("delivery_settings"."id" = 'store')
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_by" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_zone" text;