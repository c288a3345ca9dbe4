CREATE TABLE "promo_visits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promo_visits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"recommender_id" integer NOT NULL,
	"product_id" integer,
	"path" text DEFAULT '/' NOT NULL,
	"visitor_key" text NOT NULL,
	"day" date NOT NULL,
	"member_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_visits_once_uq" UNIQUE NULLS NOT DISTINCT("recommender_id","visitor_key","product_id","day")
);
--> statement-breakpoint
ALTER TABLE "promo_visits" ADD CONSTRAINT "promo_visits_recommender_id_members_id_fk" FOREIGN KEY ("recommender_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_visits" ADD CONSTRAINT "promo_visits_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_visits" ADD CONSTRAINT "promo_visits_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promo_visits_recommender_idx" ON "promo_visits" USING btree ("recommender_id","product_id");--> statement-breakpoint
CREATE INDEX "promo_visits_member_idx" ON "promo_visits" USING btree ("member_id");