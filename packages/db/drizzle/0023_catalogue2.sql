CREATE TABLE "back_in_stock_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"email" text NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ADD CONSTRAINT "back_in_stock_requests_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "back_in_stock_waiting_key" ON "back_in_stock_requests" USING btree ("product_id","email","size","color") WHERE "back_in_stock_requests"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "back_in_stock_waiting_idx" ON "back_in_stock_requests" USING btree ("product_id") WHERE "back_in_stock_requests"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "products_published_idx" ON "products" USING btree ("published_at");--> statement-breakpoint
-- ---------------------------------------------------------------- hand-written (catalogue2)
-- When a product was first published (docs/decisions/039-newly-added-and-back-in-stock.md): a product created
-- published counts from its creation, one published later from that moment; unpublishing and publishing again keeps
-- the first date. Every path that writes products (back office, CSV import, seed, tests) gets it alike.
CREATE FUNCTION rangrez_product_published_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.is_active AND NEW.published_at IS NULL THEN
    NEW.published_at := CASE WHEN TG_OP = 'INSERT' THEN NEW.created_at ELSE now() END;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_published_at BEFORE INSERT OR UPDATE OF is_active ON products
  FOR EACH ROW EXECUTE FUNCTION rangrez_product_published_at();--> statement-breakpoint
UPDATE products SET published_at = created_at WHERE is_active;--> statement-breakpoint
-- Newly Added is computed now: a product filed under one of its sub-categories moves to the sub-category of the same
-- slug in the first other group that has one (Men before Women, by position), keeping its dates.
UPDATE products p SET category_id = target.id
FROM categories c
JOIN categories g ON g.id = c.parent_id AND lower(g.name) LIKE '%newly added%',
LATERAL (
  SELECT c2.id FROM categories c2 JOIN categories g2 ON g2.id = c2.parent_id
  WHERE g2.parent_id IS NULL AND lower(g2.name) NOT LIKE '%newly added%' AND lower(c2.slug) = lower(c.slug)
  ORDER BY g2.position, g2.name LIMIT 1
) target
WHERE p.category_id = c.id;
