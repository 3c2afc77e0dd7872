ALTER TABLE "orders" DROP CONSTRAINT "orders_state";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_state";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "state" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_state" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stock_returned_at" timestamp with time zone;--> statement-breakpoint
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
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_state" CHECK ("orders"."payment_state" in ('pending', 'cod_pending', 'authorized', 'captured', 'failed', 'collected', 'voided'));
