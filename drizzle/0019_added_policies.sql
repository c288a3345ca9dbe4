CREATE TABLE "added_policies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "added_policies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"insurer" text NOT NULL,
	"product_name" text NOT NULL,
	"category" text NOT NULL,
	"policy_no" text NOT NULL,
	"covers" jsonb NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"premium_fen" bigint NOT NULL,
	"payment_frequency" text NOT NULL,
	"first_due_date" date,
	"next_due_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "added_policy_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "added_policy_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"added_policy_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "added_policy_insureds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "added_policy_insureds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"added_policy_id" integer NOT NULL,
	"person_id" integer,
	"name" text NOT NULL,
	"id_type" text NOT NULL,
	"id_number" text NOT NULL,
	"relation" text
);
--> statement-breakpoint
CREATE TABLE "added_policy_reminders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "added_policy_reminders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"added_policy_id" integer NOT NULL,
	"kind" text NOT NULL,
	"on_date" date NOT NULL,
	"message_id" integer,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "added_policies" ADD CONSTRAINT "added_policies_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "added_policy_files" ADD CONSTRAINT "added_policy_files_added_policy_id_added_policies_id_fk" FOREIGN KEY ("added_policy_id") REFERENCES "public"."added_policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "added_policy_insureds" ADD CONSTRAINT "added_policy_insureds_added_policy_id_added_policies_id_fk" FOREIGN KEY ("added_policy_id") REFERENCES "public"."added_policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "added_policy_insureds" ADD CONSTRAINT "added_policy_insureds_person_id_saved_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."saved_persons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "added_policy_reminders" ADD CONSTRAINT "added_policy_reminders_added_policy_id_added_policies_id_fk" FOREIGN KEY ("added_policy_id") REFERENCES "public"."added_policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "added_policy_reminders" ADD CONSTRAINT "added_policy_reminders_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "added_policies_member_idx" ON "added_policies" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "added_policies_end_idx" ON "added_policies" USING btree ("end_date");--> statement-breakpoint
CREATE INDEX "added_policies_due_idx" ON "added_policies" USING btree ("next_due_date");--> statement-breakpoint
CREATE INDEX "added_policy_files_policy_idx" ON "added_policy_files" USING btree ("added_policy_id","id");--> statement-breakpoint
CREATE INDEX "added_policy_insureds_policy_idx" ON "added_policy_insureds" USING btree ("added_policy_id");--> statement-breakpoint
CREATE INDEX "added_policy_insureds_id_idx" ON "added_policy_insureds" USING btree ("id_number");--> statement-breakpoint
CREATE UNIQUE INDEX "added_policy_reminders_uq" ON "added_policy_reminders" USING btree ("added_policy_id","kind","on_date");