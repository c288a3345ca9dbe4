CREATE TABLE "saved_persons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_persons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"id_type" text NOT NULL,
	"id_number" text NOT NULL,
	"birth_date" text NOT NULL,
	"sex" text NOT NULL,
	"mobile" text,
	"email" text,
	"relation" text,
	"consent_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_persons" ADD CONSTRAINT "saved_persons_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_persons_member_kind_id_uq" ON "saved_persons" USING btree ("member_id","kind","id_number");--> statement-breakpoint
CREATE INDEX "saved_persons_member_idx" ON "saved_persons" USING btree ("member_id","kind","updated_at");