CREATE TABLE "product_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"color" text NOT NULL,
	"size" text NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"fulfilment_sku" text DEFAULT '' NOT NULL,
	"sellable" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_stock_non_negative" CHECK ("product_variants"."stock" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "fulfilment_sku" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "slug" text;--> statement-breakpoint
-- Existing products get a slug from their name plus the start of their id, unique by construction.
UPDATE "products" SET "slug" = trim(both '-' from regexp_replace(lower("name"), '[^a-z0-9]+', '-', 'g')) || '-' || left("id"::text, 8);--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hsn_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "seo_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "seo_description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_key" ON "product_variants" USING btree ("product_id","color","size");--> statement-breakpoint
CREATE UNIQUE INDEX "products_slug_key" ON "products" USING btree ("slug");--> statement-breakpoint
-- A product's stock is the sum of its sellable variants' stock (docs/decisions/024-stock-per-variant.md). Kept by
-- statement-level triggers with transition tables, so a bulk write (the seed, a CSV import) recomputes each touched
-- product once instead of once per row. Writers lock the product row before its variants (orders, the admin), so
-- the recomputation's product update never waits behind a variant lock in the other order.
CREATE FUNCTION rangrez_recount_product_stock(product_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE products p
     SET stock = coalesce((SELECT sum(v.stock) FROM product_variants v WHERE v.product_id = p.id AND v.sellable), 0)
   WHERE p.id = ANY(product_ids)
$$;
--> statement-breakpoint
CREATE FUNCTION rangrez_variants_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rangrez_recount_product_stock(ARRAY(SELECT DISTINCT product_id FROM new_rows ORDER BY product_id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION rangrez_variants_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rangrez_recount_product_stock(ARRAY(
    SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows ORDER BY 1));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION rangrez_variants_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rangrez_recount_product_stock(ARRAY(SELECT DISTINCT product_id FROM old_rows ORDER BY product_id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_variants_inserted AFTER INSERT ON product_variants
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rangrez_variants_inserted();
--> statement-breakpoint
CREATE TRIGGER product_variants_updated AFTER UPDATE ON product_variants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rangrez_variants_updated();
--> statement-breakpoint
CREATE TRIGGER product_variants_deleted AFTER DELETE ON product_variants
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rangrez_variants_deleted();
--> statement-breakpoint
-- Which sizes are sold out in which colour is part of the product page.
CREATE TRIGGER product_variants_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_variants
  FOR EACH STATEMENT EXECUTE FUNCTION rangrez_catalogue_changed();
--> statement-breakpoint
-- Today's per-product stock, spread over every colour x size in listing order: each variant gets the whole share,
-- and the remainder goes one unit each to the first variants. The total is unchanged, so is every stock label.
INSERT INTO product_variants (product_id, color, size, stock)
SELECT p.id, c.color, s.size,
       p.stock / (cardinality(p.colors) * cardinality(p.sizes))
       + CASE WHEN ((c.ci - 1) * cardinality(p.sizes) + (s.si - 1)) < p.stock % (cardinality(p.colors) * cardinality(p.sizes))
              THEN 1 ELSE 0 END
  FROM products p
  CROSS JOIN LATERAL unnest(p.colors) WITH ORDINALITY AS c(color, ci)
  CROSS JOIN LATERAL unnest(p.sizes) WITH ORDINALITY AS s(size, si)
 WHERE cardinality(p.sizes) > 0
ON CONFLICT DO NOTHING;
