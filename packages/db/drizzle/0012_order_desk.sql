CREATE TABLE "order_notes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"body" text NOT NULL,
	"author_id" uuid,
	"author" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"order_id" uuid,
	"recipient" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"subject" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_status" CHECK ("outbox"."status" in ('pending', 'sent', 'dead'))
);
--> statement-breakpoint
CREATE TABLE "return_evidence" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"return_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"media_id" uuid,
	"storage_key" text,
	"content_type" text,
	"size_bytes" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_evidence_kind" CHECK ("return_evidence"."kind" in ('photo', 'video')),
	CONSTRAINT "return_evidence_source" CHECK (("return_evidence"."kind" = 'photo' and "return_evidence"."media_id" is not null) or ("return_evidence"."kind" = 'video' and "return_evidence"."storage_key" is not null))
);
--> statement-breakpoint
CREATE TABLE "return_items" (
	"return_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "return_items_return_id_order_item_id_pk" PRIMARY KEY("return_id","order_item_id"),
	CONSTRAINT "return_items_quantity" CHECK ("return_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"payout" text DEFAULT 'original' NOT NULL,
	"payout_upi" text,
	"payout_account_name" text,
	"payout_account_number" text,
	"payout_ifsc" text,
	"resolution" text,
	"rejection_reason" text,
	"reprint_order_id" uuid,
	"refund_id" uuid,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "returns_state" CHECK ("returns"."state" in ('requested', 'approved', 'rejected', 'pickup', 'received', 'reprinted', 'refunded')),
	CONSTRAINT "returns_resolution" CHECK ("returns"."resolution" is null or "returns"."resolution" in ('reprint', 'refund')),
	CONSTRAINT "returns_payout" CHECK ("returns"."payout" in ('original', 'upi', 'bank', 'store_credit'))
);
--> statement-breakpoint
CREATE TABLE "store_credit" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "store_credit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"amount_paise" integer NOT NULL,
	"reason" text NOT NULL,
	"order_id" uuid,
	"refund_id" uuid,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_credit_amount_nonzero" CHECK ("store_credit"."amount_paise" <> 0)
);
--> statement-breakpoint
CREATE TABLE "webhook_inbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_inbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"order_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"dead_at" timestamp with time zone,
	"replayed_by" text,
	"replayed_at" timestamp with time zone,
	CONSTRAINT "webhook_inbox_status" CHECK ("webhook_inbox"."status" in ('received', 'processed', 'dead'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reprint_of_order_id" uuid;--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_evidence" ADD CONSTRAINT "return_evidence_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_evidence" ADD CONSTRAINT "return_evidence_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_items" ADD CONSTRAINT "return_items_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_items" ADD CONSTRAINT "return_items_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_reprint_order_id_orders_id_fk" FOREIGN KEY ("reprint_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit" ADD CONSTRAINT "store_credit_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit" ADD CONSTRAINT "store_credit_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit" ADD CONSTRAINT "store_credit_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_inbox" ADD CONSTRAINT "webhook_inbox_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_notes_order_idx" ON "order_notes" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_dedupe_key" ON "outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("created_at") WHERE "outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "outbox_order_idx" ON "outbox" USING btree ("order_id","id") WHERE "outbox"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "return_evidence_return_idx" ON "return_evidence" USING btree ("return_id","position");--> statement-breakpoint
CREATE INDEX "returns_order_idx" ON "returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "returns_user_idx" ON "returns" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "returns_open_idx" ON "returns" USING btree ("state","created_at") WHERE "returns"."state" in ('requested', 'approved', 'pickup', 'received');--> statement-breakpoint
CREATE UNIQUE INDEX "returns_one_per_order_key" ON "returns" USING btree ("order_id") WHERE "returns"."state" <> 'rejected';--> statement-breakpoint
CREATE INDEX "store_credit_user_idx" ON "store_credit" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_credit_refund_key" ON "store_credit" USING btree ("refund_id") WHERE "store_credit"."refund_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_inbox_event_key" ON "webhook_inbox" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "webhook_inbox_open_idx" ON "webhook_inbox" USING btree ("status","received_at") WHERE "webhook_inbox"."status" <> 'processed';--> statement-breakpoint
CREATE INDEX "webhook_inbox_order_idx" ON "webhook_inbox" USING btree ("order_id") WHERE "webhook_inbox"."order_id" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_reprint_of_order_id_orders_id_fk" FOREIGN KEY ("reprint_of_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fulfilments_awb_idx" ON "fulfilments" USING btree ("awb_no") WHERE "fulfilments"."awb_no" is not null;--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_email_idx" ON "orders" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "orders_phone_idx" ON "orders" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "orders_reprint_of_idx" ON "orders" USING btree ("reprint_of_order_id") WHERE "orders"."reprint_of_order_id" is not null;--> statement-breakpoint
INSERT INTO "webhook_inbox" ("provider", "event_id", "event_type", "payload", "status", "attempts", "received_at", "processed_at")
  SELECT 'razorpay', "event_id", "event_type", "payload", 'processed', 1, "received_at", coalesce("processed_at", "received_at")
  FROM "payment_webhook_events";--> statement-breakpoint
DROP TABLE "payment_webhook_events" CASCADE;--> statement-breakpoint
-- The confirmation e-mails sent before the outbox become its history; one confirmed lately and not yet sent is
-- left pending, so the sender sends it (the job that used to send it is gone).
INSERT INTO "outbox" ("kind", "dedupe_key", "order_id", "recipient", "payload", "status", "attempts", "created_at", "sent_at")
  SELECT 'order-confirmed', 'order-confirmed:' || o."id", o."id", o."email", jsonb_build_object('orderId', o."id"::text),
    CASE WHEN e."id" IS NULL THEN 'pending' ELSE 'sent' END,
    CASE WHEN e."id" IS NULL THEN 0 ELSE 1 END,
    coalesce(e."created_at", now()), e."created_at"
  FROM "orders" o
  LEFT JOIN LATERAL (
    SELECT "id", "created_at" FROM "order_events"
    WHERE "order_id" = o."id" AND "note" = 'confirmation e-mail sent' ORDER BY "id" LIMIT 1
  ) e ON true
  WHERE e."id" IS NOT NULL
    OR (o."state" IN ('confirmed', 'cancel_requested') AND o."created_at" > now() - interval '2 days');
