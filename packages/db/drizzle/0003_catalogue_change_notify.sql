-- Catalogue change notifications (docs/decisions/010-catalogue-cache.md): every write to what catalogue answers
-- are made of notifies the channel the app instances listen on, delivered when the writing transaction commits.
-- Statement-level, so a bulk write notifies once; PostgreSQL folds identical notifications of one transaction.
CREATE FUNCTION rangrez_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('rangrez_catalogue', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION rangrez_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER categories_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION rangrez_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER product_categories_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_categories
  FOR EACH STATEMENT EXECUTE FUNCTION rangrez_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER product_images_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_images
  FOR EACH STATEMENT EXECUTE FUNCTION rangrez_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER product_relations_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_relations
  FOR EACH STATEMENT EXECUTE FUNCTION rangrez_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER reviews_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reviews
  FOR EACH STATEMENT EXECUTE FUNCTION rangrez_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER media_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON media
  FOR EACH STATEMENT EXECUTE FUNCTION rangrez_catalogue_changed();
--> statement-breakpoint
-- The impression and click counters change all the time and are in no catalogue answer.
CREATE TRIGGER slides_catalogue_changed AFTER INSERT OR DELETE OR TRUNCATE
  OR UPDATE OF title, subtitle, cta, cta_link, desktop_id, mobile_id, is_active, position, created_at ON slides
  FOR EACH STATEMENT EXECUTE FUNCTION rangrez_catalogue_changed();
--> statement-breakpoint
-- Reviews show the reviewer's first name and avatar.
CREATE TRIGGER users_catalogue_changed AFTER DELETE OR TRUNCATE OR UPDATE OF first_name, avatar ON users
  FOR EACH STATEMENT EXECUTE FUNCTION rangrez_catalogue_changed();
