CREATE TABLE "cod_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cod_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid,
	"channel" text NOT NULL,
	"direction" text NOT NULL,
	"kind" text NOT NULL,
	"phone" text NOT NULL,
	"provider_message_id" text,
	"status" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cod_messages_channel" CHECK ("cod_messages"."channel" in ('whatsapp', 'sms')),
	CONSTRAINT "cod_messages_direction" CHECK ("cod_messages"."direction" in ('out', 'in')),
	CONSTRAINT "cod_messages_status" CHECK ("cod_messages"."status" in ('sent', 'delivered', 'read', 'failed', 'received'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_confirmation" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_confirm_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_confirmed_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cod_messages" ADD CONSTRAINT "cod_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cod_messages_provider_key" ON "cod_messages" USING btree ("channel","direction","provider_message_id");--> statement-breakpoint
CREATE INDEX "cod_messages_order_idx" ON "cod_messages" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "orders_cod_pending_idx" ON "orders" USING btree ("cod_confirm_deadline") WHERE "orders"."cod_confirmation" = 'pending';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cod_confirmation" CHECK ("orders"."cod_confirmation" in ('pending', 'confirmed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cod_confirmed_by" CHECK ("orders"."cod_confirmed_by" in ('shopper', 'whatsapp', 'sms', 'staff'));