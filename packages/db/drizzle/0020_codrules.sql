CREATE TABLE "cod_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone_normalised" text,
	"user_id" uuid,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_by" text,
	CONSTRAINT "cod_blocks_subject" CHECK (("cod_blocks"."phone_normalised" is null) <> ("cod_blocks"."user_id" is null))
);
--> statement-breakpoint
CREATE TABLE "cod_pin_rules" (
	"pincode" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cod_pin_rules_kind" CHECK ("cod_pin_rules"."kind" in ('deny', 'india_post_only'))
);
--> statement-breakpoint
CREATE TABLE "cod_rules" (
	"id" text PRIMARY KEY DEFAULT 'cod' NOT NULL,
	"min_order_paise" integer NOT NULL,
	"max_order_paise" integer NOT NULL,
	"max_open_per_phone" integer NOT NULL,
	"rto_block_threshold" integer NOT NULL,
	"fee_paise" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cod_rules_one_row" CHECK ("cod_rules"."id" = 'cod'),
	CONSTRAINT "cod_rules_range" CHECK (0 <= "cod_rules"."min_order_paise" and "cod_rules"."min_order_paise" <= "cod_rules"."max_order_paise"),
	CONSTRAINT "cod_rules_counts" CHECK ("cod_rules"."max_open_per_phone" >= 1 and "cod_rules"."rto_block_threshold" >= 1),
	CONSTRAINT "cod_rules_fee" CHECK ("cod_rules"."fee_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_rtos" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"payment_method" text NOT NULL,
	"phone_normalised" text NOT NULL,
	"user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "phone_normalised" text;--> statement-breakpoint
ALTER TABLE "cod_blocks" ADD CONSTRAINT "cod_blocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_rtos" ADD CONSTRAINT "order_rtos_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_rtos" ADD CONSTRAINT "order_rtos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cod_blocks_phone_open" ON "cod_blocks" USING btree ("phone_normalised") WHERE "cod_blocks"."lifted_at" is null and "cod_blocks"."phone_normalised" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "cod_blocks_user_open" ON "cod_blocks" USING btree ("user_id") WHERE "cod_blocks"."lifted_at" is null and "cod_blocks"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "order_rtos_phone_idx" ON "order_rtos" USING btree ("phone_normalised","created_at");--> statement-breakpoint
CREATE INDEX "order_rtos_user_idx" ON "order_rtos" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "order_rtos_created_idx" ON "order_rtos" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_cod_phone_idx" ON "orders" USING btree ("phone_normalised") WHERE "orders"."payment_method" = 'COD';