CREATE TABLE "dashboard_day_breakdowns" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"count" integer NOT NULL,
	"paise" bigint NOT NULL,
	CONSTRAINT "dashboard_day_breakdowns_dimension_day_key_pk" PRIMARY KEY("dimension","day","key"),
	CONSTRAINT "dashboard_day_breakdowns_dimension" CHECK ("dashboard_day_breakdowns"."dimension" in ('product', 'size', 'state', 'refund_reason', 'return_reason'))
);
--> statement-breakpoint
CREATE TABLE "dashboard_days" (
	"day" date PRIMARY KEY NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"sales_paise" bigint DEFAULT 0 NOT NULL,
	"cod_orders" integer DEFAULT 0 NOT NULL,
	"cod_paise" bigint DEFAULT 0 NOT NULL,
	"prepaid_orders" integer DEFAULT 0 NOT NULL,
	"prepaid_paise" bigint DEFAULT 0 NOT NULL,
	"new_shoppers" integer DEFAULT 0 NOT NULL,
	"refunds" integer DEFAULT 0 NOT NULL,
	"refunds_paise" bigint DEFAULT 0 NOT NULL,
	"uncollected" integer DEFAULT 0 NOT NULL,
	"uncollected_paise" bigint DEFAULT 0 NOT NULL,
	"returns_requested" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"rto" integer DEFAULT 0 NOT NULL,
	"slide_clicks" integer DEFAULT 0 NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_events_state_day_idx" ON "order_events" USING btree ("machine","to_state","created_at");--> statement-breakpoint
CREATE INDEX "refunds_processed_idx" ON "refunds" USING btree ("processed_at");--> statement-breakpoint
CREATE INDEX "returns_created_idx" ON "returns" USING btree ("created_at");