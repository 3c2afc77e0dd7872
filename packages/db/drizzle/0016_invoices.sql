CREATE TABLE "document_counters" (
	"series" text NOT NULL,
	"fy_start_year" smallint NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "document_counters_series_fy_start_year_pk" PRIMARY KEY("series","fy_start_year"),
	CONSTRAINT "document_counters_positive" CHECK ("document_counters"."last_number" > 0)
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"order_id" uuid NOT NULL,
	"invoice_id" uuid,
	"refund_id" uuid,
	"fy_start_year" smallint NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"document_date" date NOT NULL,
	"document" jsonb NOT NULL,
	"order_item_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"taxable_paise" integer NOT NULL,
	"cgst_paise" integer NOT NULL,
	"sgst_paise" integer NOT NULL,
	"igst_paise" integer NOT NULL,
	"amount_paise" integer NOT NULL,
	"place_of_supply_code" text NOT NULL,
	"buyer_gstin" text,
	"pdf_key" text,
	"rendered_at" timestamp with time zone,
	CONSTRAINT "tax_documents_kind" CHECK ("tax_documents"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "tax_documents_number_format" CHECK ("tax_documents"."number" ~ '^[A-Za-z0-9/-]{1,16}$'),
	CONSTRAINT "tax_documents_credit_refers" CHECK (("tax_documents"."kind" = 'invoice') = ("tax_documents"."invoice_id" is null) and ("tax_documents"."kind" = 'credit_note' or "tax_documents"."refund_id" is null)),
	CONSTRAINT "tax_documents_amounts" CHECK ("tax_documents"."amount_paise" = "tax_documents"."taxable_paise" + "tax_documents"."cgst_paise" + "tax_documents"."sgst_paise" + "tax_documents"."igst_paise" and "tax_documents"."amount_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_gstin" text;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_invoice_id_tax_documents_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."tax_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_number_key" ON "tax_documents" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_one_invoice_per_order" ON "tax_documents" USING btree ("order_id") WHERE "tax_documents"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_refund_key" ON "tax_documents" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "tax_documents_order_idx" ON "tax_documents" USING btree ("order_id","issued_at");--> statement-breakpoint
CREATE INDEX "tax_documents_date_idx" ON "tax_documents" USING btree ("document_date","kind");