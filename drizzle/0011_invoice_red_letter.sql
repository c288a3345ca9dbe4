DROP INDEX "invoices_order_uq";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "kind" text DEFAULT 'blue' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "original_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "original_invoice_no" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_original_id_invoices_id_fk" FOREIGN KEY ("original_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_blue_order_uq" ON "invoices" USING btree ("order_id") WHERE kind = 'blue';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_original_uq" ON "invoices" USING btree ("original_id");