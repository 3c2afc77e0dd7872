CREATE TABLE "product_review_stats" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"rating_total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_review_stats_counts" CHECK ("product_review_stats"."review_count" >= 0 and "product_review_stats"."rating_total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "product_review_stats" ADD CONSTRAINT "product_review_stats_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written below: the triggers that keep product_review_stats (approved reviews only, as the storefront counts
-- them) and its backfill. Statement-level with transition tables, so a bulk write (the seed, a moderation batch)
-- recounts each touched product once; a row whose figures did not change is left alone.
CREATE FUNCTION rangrez_recount_review_stats(product_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO product_review_stats (product_id, review_count, rating_total)
  SELECT p.id, count(r.id), coalesce(sum(r.rating), 0)
    FROM products p
    LEFT JOIN reviews r ON r.product_id = p.id AND r.status = 'approved'
   WHERE p.id = ANY(product_ids)
   GROUP BY p.id
  ON CONFLICT (product_id) DO UPDATE
    SET review_count = EXCLUDED.review_count, rating_total = EXCLUDED.rating_total
    WHERE (product_review_stats.review_count, product_review_stats.rating_total)
          IS DISTINCT FROM (EXCLUDED.review_count, EXCLUDED.rating_total)
$$;
--> statement-breakpoint
CREATE FUNCTION rangrez_reviews_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rangrez_recount_review_stats(ARRAY(SELECT DISTINCT product_id FROM new_rows ORDER BY product_id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION rangrez_reviews_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rangrez_recount_review_stats(ARRAY(
    SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows ORDER BY 1));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION rangrez_reviews_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rangrez_recount_review_stats(ARRAY(SELECT DISTINCT product_id FROM old_rows ORDER BY product_id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER reviews_stats_inserted AFTER INSERT ON reviews
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rangrez_reviews_inserted();
--> statement-breakpoint
CREATE TRIGGER reviews_stats_updated AFTER UPDATE ON reviews
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rangrez_reviews_updated();
--> statement-breakpoint
CREATE TRIGGER reviews_stats_deleted AFTER DELETE ON reviews
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rangrez_reviews_deleted();
--> statement-breakpoint
-- TRUNCATE has no transition table: every product's figures go with it.
CREATE FUNCTION rangrez_reviews_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_review_stats;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER reviews_stats_truncated AFTER TRUNCATE ON reviews
  FOR EACH STATEMENT EXECUTE FUNCTION rangrez_reviews_truncated();
--> statement-breakpoint
INSERT INTO product_review_stats (product_id, review_count, rating_total)
SELECT product_id, count(*), sum(rating) FROM reviews WHERE status = 'approved' GROUP BY product_id;
