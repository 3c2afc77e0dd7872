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
ALTER TABLE "product_search" ADD COLUMN "buyable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
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
--> statement-breakpoint
-- Search reads product_search alone (docs/decisions/040-search-speed.md), so it gets copies of what Newly Added
-- and the buyable-first order need. Stock changes with every order line: the copy is written only when whether
-- the product can be bought (or another copied column) really changed.
CREATE OR REPLACE FUNCTION rangrez_product_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.name, OLD.tags, OLD.description, OLD.category_id, OLD.product_category_id)
       IS NOT DISTINCT FROM (NEW.name, NEW.tags, NEW.description, NEW.category_id, NEW.product_category_id) THEN
    UPDATE product_search
    SET is_active = NEW.is_active, price_paise = NEW.price_paise, sizes = NEW.sizes, colors = NEW.colors,
        created_at = NEW.created_at, buyable = NEW.stock > 0, published_at = NEW.published_at
    WHERE product_id = NEW.id
      AND (is_active, price_paise, sizes, colors, created_at, buyable, published_at)
        IS DISTINCT FROM (NEW.is_active, NEW.price_paise, NEW.sizes, NEW.colors, NEW.created_at, NEW.stock > 0,
                          NEW.published_at);
    RETURN NULL;
  END IF;
  INSERT INTO product_search (product_id, document, is_active, price_paise, sizes, colors, created_at, category_id,
                              buyable, published_at)
  VALUES (NEW.id, rangrez_product_document(NEW.id), NEW.is_active, NEW.price_paise, NEW.sizes, NEW.colors,
          NEW.created_at, NEW.category_id, NEW.stock > 0, NEW.published_at)
  ON CONFLICT (product_id) DO UPDATE
  SET document = EXCLUDED.document, is_active = EXCLUDED.is_active, price_paise = EXCLUDED.price_paise,
      sizes = EXCLUDED.sizes, colors = EXCLUDED.colors, created_at = EXCLUDED.created_at,
      category_id = EXCLUDED.category_id, buyable = EXCLUDED.buyable, published_at = EXCLUDED.published_at;
  INSERT INTO search_words (word) SELECT w FROM rangrez_name_words(NEW.name) w ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER products_search_refresh ON products;--> statement-breakpoint
CREATE TRIGGER products_search_refresh
  AFTER INSERT OR UPDATE OF name, tags, description, category_id, product_category_id, is_active, price_paise, sizes,
    colors, created_at, stock, published_at
  ON products FOR EACH ROW EXECUTE FUNCTION rangrez_product_search_refresh();--> statement-breakpoint
UPDATE product_search s SET buyable = p.stock > 0, published_at = p.published_at
FROM products p
WHERE p.id = s.product_id;
