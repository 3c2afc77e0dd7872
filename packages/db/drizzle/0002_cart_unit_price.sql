ALTER TABLE "cart_items" ADD COLUMN "unit_price_paise" integer;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_unit_price_positive" CHECK ("cart_items"."unit_price_paise" > 0);--> statement-breakpoint
-- Lines already in carts are taken to have been added at today's price, so none of them is flagged as changed.
UPDATE "cart_items" SET "unit_price_paise" = "products"."price_paise" FROM "products" WHERE "products"."id" = "cart_items"."product_id";
