CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "is_active" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "price_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "sizes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "colors" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "category_id" uuid;-- Hand-written below (docs/decisions/040-search-speed.md): the back-fill of the copied columns and of the words,
-- and the products' trigger, which now keeps them too.
UPDATE product_search s
SET is_active = p.is_active, price_paise = p.price_paise, sizes = p.sizes, colors = p.colors,
    created_at = p.created_at, category_id = p.category_id
FROM products p
WHERE p.id = s.product_id;--> statement-breakpoint
-- The words of a name worth a typo's comparison: a stop word ('the') has no lexeme to look for in the documents.
CREATE FUNCTION rangrez_name_words(p_name text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(lower(p_name), '[^[:alnum:]]+') w
  WHERE w <> '' AND to_tsvector('english', w) <> ''::tsvector
$$;--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT w FROM products p, rangrez_name_words(p.name) w
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The document is made again only when a column it is made of changed; a new price or a publication only copies.
CREATE OR REPLACE FUNCTION rangrez_product_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.name, OLD.tags, OLD.description, OLD.category_id, OLD.product_category_id)
       IS NOT DISTINCT FROM (NEW.name, NEW.tags, NEW.description, NEW.category_id, NEW.product_category_id) THEN
    UPDATE product_search
    SET is_active = NEW.is_active, price_paise = NEW.price_paise, sizes = NEW.sizes, colors = NEW.colors,
        created_at = NEW.created_at
    WHERE product_id = NEW.id;
    RETURN NULL;
  END IF;
  INSERT INTO product_search (product_id, document, is_active, price_paise, sizes, colors, created_at, category_id)
  VALUES (NEW.id, rangrez_product_document(NEW.id), NEW.is_active, NEW.price_paise, NEW.sizes, NEW.colors,
          NEW.created_at, NEW.category_id)
  ON CONFLICT (product_id) DO UPDATE
  SET document = EXCLUDED.document, is_active = EXCLUDED.is_active, price_paise = EXCLUDED.price_paise,
      sizes = EXCLUDED.sizes, colors = EXCLUDED.colors, created_at = EXCLUDED.created_at,
      category_id = EXCLUDED.category_id;
  INSERT INTO search_words (word) SELECT w FROM rangrez_name_words(NEW.name) w ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER products_search_refresh ON products;--> statement-breakpoint
CREATE TRIGGER products_search_refresh
  AFTER INSERT OR UPDATE OF name, tags, description, category_id, product_category_id, is_active, price_paise, sizes,
    colors, created_at
  ON products FOR EACH ROW EXECUTE FUNCTION rangrez_product_search_refresh();
