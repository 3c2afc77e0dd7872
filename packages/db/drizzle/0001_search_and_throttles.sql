CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "login_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "slide_event_dedup" (
	"slide_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"visitor_key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	CONSTRAINT "slide_event_dedup_slide_id_kind_visitor_key_window_start_pk" PRIMARY KEY("slide_id","kind","visitor_key","window_start")
);
--> statement-breakpoint
ALTER TABLE "slide_event_dedup" ADD CONSTRAINT "slide_event_dedup_slide_id_slides_id_fk" FOREIGN KEY ("slide_id") REFERENCES "public"."slides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "slide_event_dedup_window_idx" ON "slide_event_dedup" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin (lower("name") gin_trgm_ops);