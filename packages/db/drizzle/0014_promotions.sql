CREATE TABLE "cart_coupons" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"promotion_id" uuid NOT NULL,
	"code" text NOT NULL,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_codes_code_format" CHECK ("promotion_codes"."code" ~ '^[A-Z0-9_-]{3,32}$')
);
--> statement-breakpoint
CREATE TABLE "promotion_customer_uses" (
	"promotion_id" uuid NOT NULL,
	"customer_key" text NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "promotion_customer_uses_promotion_id_customer_key_pk" PRIMARY KEY("promotion_id","customer_key"),
	CONSTRAINT "promotion_customer_uses_non_negative" CHECK ("promotion_customer_uses"."uses" >= 0)
);
--> statement-breakpoint
CREATE TABLE "promotion_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"promotion_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"code" text,
	"customer_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"discount_paise" integer NOT NULL,
	"shipping_discount_paise" integer DEFAULT 0 NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_redemptions_amounts" CHECK ("promotion_redemptions"."discount_paise" >= 0 and "promotion_redemptions"."shipping_discount_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"code" text,
	"kind" text NOT NULL,
	"percent" smallint,
	"amount_paise" integer,
	"max_discount_paise" integer,
	"buy_quantity" integer,
	"get_quantity" integer,
	"bundle_quantity" integer,
	"target" text DEFAULT 'order' NOT NULL,
	"target_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"min_subtotal_paise" integer DEFAULT 0 NOT NULL,
	"min_quantity" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"prepaid_only" boolean DEFAULT false NOT NULL,
	"first_order_only" boolean DEFAULT false NOT NULL,
	"shoppers" text[] DEFAULT '{}'::text[] NOT NULL,
	"automatic" boolean DEFAULT false NOT NULL,
	"combinable" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"usage_limit" integer,
	"used" integer DEFAULT 0 NOT NULL,
	"per_customer_limit" integer,
	"budget_paise" integer,
	"budget_used_paise" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_kind" CHECK ("promotions"."kind" in ('percentage', 'fixed', 'free_shipping', 'buy_x_get_y', 'bundle')),
	CONSTRAINT "promotions_target" CHECK ("promotions"."target" in ('order', 'products', 'categories', 'types')),
	CONSTRAINT "promotions_code_format" CHECK ("promotions"."code" is null or "promotions"."code" ~ '^[A-Z0-9_-]{3,32}$'),
	CONSTRAINT "promotions_code_or_automatic" CHECK (not ("promotions"."automatic" and "promotions"."code" is not null)),
	CONSTRAINT "promotions_percent" CHECK (("promotions"."kind" in ('percentage', 'buy_x_get_y')) = ("promotions"."percent" is not null) and coalesce("promotions"."percent" between 1 and 100, true)),
	CONSTRAINT "promotions_amount" CHECK (("promotions"."kind" in ('fixed', 'bundle')) = ("promotions"."amount_paise" is not null) and coalesce("promotions"."amount_paise" > 0, true)),
	CONSTRAINT "promotions_buy_get" CHECK (("promotions"."kind" = 'buy_x_get_y') = ("promotions"."buy_quantity" is not null and "promotions"."get_quantity" is not null) and coalesce("promotions"."buy_quantity" > 0 and "promotions"."get_quantity" > 0, true)),
	CONSTRAINT "promotions_bundle" CHECK (("promotions"."kind" = 'bundle') = ("promotions"."bundle_quantity" is not null) and coalesce("promotions"."bundle_quantity" >= 2, true)),
	CONSTRAINT "promotions_max_discount" CHECK ("promotions"."max_discount_paise" is null or "promotions"."max_discount_paise" > 0),
	CONSTRAINT "promotions_minimums" CHECK ("promotions"."min_subtotal_paise" >= 0 and "promotions"."min_quantity" >= 0),
	CONSTRAINT "promotions_window" CHECK ("promotions"."starts_at" is null or "promotions"."ends_at" is null or "promotions"."ends_at" > "promotions"."starts_at"),
	CONSTRAINT "promotions_used" CHECK ("promotions"."used" >= 0 and ("promotions"."usage_limit" is null or ("promotions"."usage_limit" > 0 and "promotions"."used" <= "promotions"."usage_limit"))),
	CONSTRAINT "promotions_per_customer_limit" CHECK ("promotions"."per_customer_limit" is null or "promotions"."per_customer_limit" > 0),
	CONSTRAINT "promotions_budget" CHECK ("promotions"."budget_used_paise" >= 0 and ("promotions"."budget_paise" is null or ("promotions"."budget_paise" > 0 and "promotions"."budget_used_paise" <= "promotions"."budget_paise")))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_amounts";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "promotion_discount_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promotion_discount_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promotions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_coupons" ADD CONSTRAINT "cart_coupons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_codes" ADD CONSTRAINT "promotion_codes_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_codes" ADD CONSTRAINT "promotion_codes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_customer_uses" ADD CONSTRAINT "promotion_customer_uses_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_redemptions" ADD CONSTRAINT "promotion_redemptions_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_redemptions" ADD CONSTRAINT "promotion_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_codes_code_key" ON "promotion_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "promotion_codes_promotion_idx" ON "promotion_codes" USING btree ("promotion_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_redemptions_order_key" ON "promotion_redemptions" USING btree ("order_id","promotion_id");--> statement-breakpoint
CREATE INDEX "promotion_redemptions_promotion_idx" ON "promotion_redemptions" USING btree ("promotion_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_code_key" ON "promotions" USING btree ("code") WHERE "promotions"."code" is not null;--> statement-breakpoint
CREATE INDEX "promotions_automatic_idx" ON "promotions" USING btree ("id") WHERE "promotions"."automatic" and "promotions"."active";--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_promotion_discount" CHECK ("order_items"."promotion_discount_paise" between 0 and "order_items"."unit_price_paise" * "order_items"."quantity");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_promotion_discount" CHECK ("orders"."promotion_discount_paise" between 0 and "orders"."subtotal_paise");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts" CHECK ("orders"."total_paise" = "orders"."subtotal_paise" - "orders"."promotion_discount_paise" + "orders"."shipping_paise" + "orders"."tax_paise");