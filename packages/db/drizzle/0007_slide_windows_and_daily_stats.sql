CREATE TABLE "slide_daily_stats" (
	"slide_id" uuid NOT NULL,
	"day" date NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "slide_daily_stats_slide_id_day_pk" PRIMARY KEY("slide_id","day")
);
--> statement-breakpoint
ALTER TABLE "slides" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "slides" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "slide_daily_stats" ADD CONSTRAINT "slide_daily_stats_slide_id_slides_id_fk" FOREIGN KEY ("slide_id") REFERENCES "public"."slides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slides" ADD CONSTRAINT "slides_window_order" CHECK ("slides"."starts_at" is null or "slides"."ends_at" is null or "slides"."ends_at" > "slides"."starts_at");--> statement-breakpoint
-- The active window is part of the storefront's slide list, so a change to it notifies the catalogue caches like
-- any other slide edit; the impression and click counters still do not. slide_daily_stats gets no trigger: its
-- rows are in no catalogue answer and change on every counted impression.
DROP TRIGGER slides_catalogue_changed ON slides;
--> statement-breakpoint
CREATE TRIGGER slides_catalogue_changed AFTER INSERT OR DELETE OR TRUNCATE
  OR UPDATE OF title, subtitle, cta, cta_link, desktop_id, mobile_id, is_active, position, starts_at, ends_at,
    created_at ON slides
  FOR EACH STATEMENT EXECUTE FUNCTION rangrez_catalogue_changed();
