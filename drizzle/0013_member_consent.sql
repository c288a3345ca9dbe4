ALTER TABLE "members" ADD COLUMN "consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "terms_version" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "privacy_version" text;