CREATE TABLE "product_search" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"document" "tsvector" NOT NULL,
	"units_sold" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_misses" (
	"query" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_synonyms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"terms" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_synonyms_two_terms" CHECK (cardinality("search_synonyms"."terms") >= 2)
);
--> statement-breakpoint
ALTER TABLE "product_search" ADD CONSTRAINT "product_search_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_search_document_idx" ON "product_search" USING gin ("document");--> statement-breakpoint
CREATE INDEX "product_search_units_sold_idx" ON "product_search" USING btree ("units_sold");--> statement-breakpoint
CREATE INDEX "search_misses_last_seen_idx" ON "search_misses" USING btree ("last_seen_at");--> statement-breakpoint
-- Hand-written below (docs/search.md): the typo tolerance's extension, the triggers that keep product_search, its
-- backfill and the first synonyms.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE FUNCTION rangrez_product_document(p_id uuid) RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector('english', p.name), 'A')
      || setweight(to_tsvector('english', coalesce(pc.name, '') || ' ' || c.name || ' ' || array_to_string(p.tags, ' ')), 'B')
      || setweight(to_tsvector('english', p.description), 'C')
  FROM products p
  JOIN categories c ON c.id = p.category_id
  LEFT JOIN product_categories pc ON pc.id = p.product_category_id
  WHERE p.id = p_id
$$;--> statement-breakpoint
CREATE FUNCTION rangrez_product_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_search (product_id, document) VALUES (NEW.id, rangrez_product_document(NEW.id))
  ON CONFLICT (product_id) DO UPDATE SET document = EXCLUDED.document;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_search_refresh AFTER INSERT OR UPDATE OF name, tags, description, category_id, product_category_id
  ON products FOR EACH ROW EXECUTE FUNCTION rangrez_product_search_refresh();--> statement-breakpoint
-- A renamed sub-category or garment type changes the documents of its products.
CREATE FUNCTION rangrez_category_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_search s SET document = rangrez_product_document(s.product_id)
  FROM products p
  WHERE p.id = s.product_id AND (p.category_id = NEW.id OR p.product_category_id = NEW.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER categories_search_refresh AFTER UPDATE OF name ON categories
  FOR EACH ROW EXECUTE FUNCTION rangrez_category_search_refresh();--> statement-breakpoint
CREATE TRIGGER product_categories_search_refresh AFTER UPDATE OF name ON product_categories
  FOR EACH ROW EXECUTE FUNCTION rangrez_category_search_refresh();--> statement-breakpoint
-- Popularity: units ordered, added as each order line is written (a cheap roll-up, never a scan of order_items).
CREATE FUNCTION rangrez_product_units_sold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_search SET units_sold = units_sold + NEW.quantity WHERE product_id = NEW.product_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER order_items_units_sold AFTER INSERT ON order_items
  FOR EACH ROW EXECUTE FUNCTION rangrez_product_units_sold();--> statement-breakpoint
INSERT INTO product_search (product_id, document, units_sold)
SELECT p.id, rangrez_product_document(p.id),
       coalesce((SELECT sum(oi.quantity) FROM order_items oi WHERE oi.product_id = p.id), 0)
FROM products p;--> statement-breakpoint
INSERT INTO search_synonyms (terms) VALUES
  ('{tee,t-shirt,tshirt,t shirt}'),
  ('{hoodie,hoody,hooded sweatshirt,hudi}'),
  ('{oversized,baggy,dheela}'),
  ('{black,kaala,kala}'),
  ('{white,safed,safaid}'),
  ('{red,laal,lal}'),
  ('{jacket,jaket}');
--> statement-breakpoint
-- A synonym changes what searches answer: the instances' cached answers go (docs/decisions/010-catalogue-cache.md).
CREATE TRIGGER search_synonyms_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search_synonyms
  FOR EACH STATEMENT EXECUTE FUNCTION rangrez_catalogue_changed();
