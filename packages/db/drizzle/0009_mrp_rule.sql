ALTER TABLE "order_items" ADD COLUMN "unit_mrp_paise" integer;--> statement-breakpoint
-- Every order placed so far was sold under the one rule there was: MRP = price + 300 rupees. Each line keeps that
-- as its snapshot, so the discount its order shows stays what it was whatever rule its product gets later.
UPDATE "order_items" SET "unit_mrp_paise" = "unit_price_paise" + 30000;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "unit_mrp_paise" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "mrp_rule" text DEFAULT 'markup' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "mrp_value_paise" integer DEFAULT 30000 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_mrp_not_below_price" CHECK ("order_items"."unit_mrp_paise" >= "order_items"."unit_price_paise");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_mrp_rule" CHECK ("products"."mrp_rule" in ('markup', 'fixed', 'none'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_mrp_value" CHECK ("products"."mrp_value_paise" >= 0 and "products"."mrp_value_paise" % 100 = 0 and ("products"."mrp_rule" <> 'none' or "products"."mrp_value_paise" = 0));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_mrp_not_below_price" CHECK ("products"."mrp_rule" <> 'fixed' or "products"."mrp_value_paise" >= "products"."price_paise");