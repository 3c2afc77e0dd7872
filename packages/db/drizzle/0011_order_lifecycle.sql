CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid,
	"payment_id" uuid,
	"amount_paise" integer NOT NULL,
	"reason" text NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"provider_refund_id" text,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_paise" > 0),
	CONSTRAINT "refunds_method" CHECK ("refunds"."method" in ('provider', 'manual', 'store_credit')),
	CONSTRAINT "refunds_status" CHECK ("refunds"."status" in ('pending', 'processed', 'failed')),
	CONSTRAINT "refunds_has_money" CHECK ("refunds"."order_id" is not null or "refunds"."payment_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_state";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_state";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "state" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_state" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stock_returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency_key" ON "refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_refund_key" ON "refunds" USING btree ("provider_refund_id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id","created_at");--> statement-breakpoint
-- Existing orders move to the five machines (docs/decisions/026-order-lifecycle-money-never-stuck.md#consequences).
-- Money owed back was a flag beside the machines; it is the refund machine's state now.
UPDATE "orders" SET "refund_state" = 'pending'
  WHERE "needs_refund" OR "payment_state" = 'refund_pending';--> statement-breakpoint
UPDATE "orders" SET "refund_state" = 'refunded' WHERE "payment_state" = 'refunded';--> statement-breakpoint
UPDATE "orders" SET "payment_state" = CASE WHEN "payment_method" = 'COD' THEN 'collected' ELSE 'captured' END
  WHERE "payment_state" IN ('refund_pending', 'refunded');--> statement-breakpoint
-- Online attempts whose reservation ran out were cancelled; they are expired attempts now.
UPDATE "orders" SET "state" = 'expired'
  WHERE "state" = 'cancelled' AND "payment_method" = 'Prepaid' AND "fulfilment_state" = 'not_started';--> statement-breakpoint
UPDATE "orders" SET "state" = 'payment_pending' WHERE "state" = 'created';--> statement-breakpoint
-- Cash that will not be collected, or was.
UPDATE "orders" SET "payment_state" = 'voided'
  WHERE "payment_method" = 'COD' AND "payment_state" = 'cod_pending' AND "state" = 'cancelled';--> statement-breakpoint
UPDATE "orders" SET "payment_state" = 'failed'
  WHERE "payment_method" = 'COD' AND "payment_state" = 'cod_pending' AND "fulfilment_state" = 'returned';--> statement-breakpoint
UPDATE "orders" SET "payment_state" = 'collected'
  WHERE "payment_method" = 'COD' AND "payment_state" = 'cod_pending' AND "fulfilment_state" = 'delivered';--> statement-breakpoint
-- Money kept for an order cancelled or returned at the partner: owed back.
UPDATE "orders" SET "refund_state" = 'pending'
  WHERE "refund_state" = 'none' AND "payment_state" IN ('authorized', 'captured')
    AND ("state" IN ('cancelled', 'expired') OR "fulfilment_state" IN ('cancelled', 'returned'));--> statement-breakpoint
-- Stock of expired and cancelled orders went back when they were cancelled. Orders cancelled or returned at the
-- partner kept theirs: they are marked as given back without moving stock, since an owner may have counted since.
UPDATE "orders" SET "stock_returned_at" = "updated_at"
  WHERE "state" IN ('cancelled', 'expired') OR "fulfilment_state" IN ('cancelled', 'returned');--> statement-breakpoint
-- A payment row is the provider's money, no longer a refund flag: money without a store order is "unmatched".
UPDATE "payments" SET "status" = CASE WHEN "order_id" IS NULL THEN 'unmatched' ELSE 'captured' END
  WHERE "status" = 'refund_pending';--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "needs_refund";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refund_state" CHECK ("orders"."refund_state" in ('none', 'pending', 'processing', 'partial', 'refunded', 'failed'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_state" CHECK ("orders"."state" in ('payment_pending', 'confirmed', 'cancel_requested', 'cancelled', 'expired'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_state" CHECK ("orders"."payment_state" in ('pending', 'cod_pending', 'authorized', 'captured', 'failed', 'collected', 'voided'));--> statement-breakpoint
-- What existing orders were paid: money in is the order's total (decision 026).
UPDATE "orders" SET "paid_paise" = "total_paise"
  WHERE "payment_state" IN ('authorized', 'captured', 'collected');--> statement-breakpoint
-- Refunds (not failed) never sum to more than the order was paid, whatever the application does: checked under the
-- order's row lock, which every refund of an order takes first.
CREATE FUNCTION refunds_within_paid() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  paid integer;
  refunded bigint;
BEGIN
  IF NEW.order_id IS NULL THEN
    RETURN NEW;
  END IF;
  SELECT paid_paise INTO paid FROM orders WHERE id = NEW.order_id FOR UPDATE;
  SELECT coalesce(sum(amount_paise), 0) INTO refunded FROM refunds
    WHERE order_id = NEW.order_id AND status <> 'failed';
  IF refunded > paid THEN
    RAISE EXCEPTION 'refunds of order % (% paise) exceed what was paid (% paise)', NEW.order_id, refunded, paid
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER refunds_within_paid AFTER INSERT OR UPDATE ON "refunds"
  FOR EACH ROW EXECUTE FUNCTION refunds_within_paid();
