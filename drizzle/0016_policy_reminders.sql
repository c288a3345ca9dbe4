CREATE TABLE "policy_reminders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "policy_reminders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"policy_id" integer NOT NULL,
	"kind" text NOT NULL,
	"message_id" integer,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "cooling_off_kept_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "renewal_draft_id" integer;--> statement-breakpoint
ALTER TABLE "policy_reminders" ADD CONSTRAINT "policy_reminders_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_reminders" ADD CONSTRAINT "policy_reminders_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "policy_reminders_policy_kind_uq" ON "policy_reminders" USING btree ("policy_id","kind");--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_renewal_draft_id_order_drafts_id_fk" FOREIGN KEY ("renewal_draft_id") REFERENCES "public"."order_drafts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "policies_end_date_idx" ON "policies" USING btree ("end_date") WHERE surrendered_at is null;