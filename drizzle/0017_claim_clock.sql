ALTER TABLE "claims" ADD COLUMN "materials_complete_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "decision_due_on" date;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "payment_due_on" date;--> statement-breakpoint
-- Hand-written: claims already under way get their clock from their timeline (docs/domain.md#claim-deadlines), Beijing dates (UTC+8, no summer time); the decision counted from the last time a claim became 审核中 (time spent in 补充材料 before it is not added back).
UPDATE "claims" SET "materials_complete_at" = e."at", "decision_due_on" = ((e."at" AT TIME ZONE 'UTC') + interval '8 hours')::date + 30
FROM (SELECT "claim_id", max("created_at") AS "at" FROM "claim_events" WHERE "status" = 'reviewing' GROUP BY "claim_id") e
WHERE e."claim_id" = "claims"."id";--> statement-breakpoint
UPDATE "claims" SET "decided_at" = e."at",
  "payment_due_on" = CASE WHEN "claims"."status" IN ('closed', 'paid') THEN ((e."at" AT TIME ZONE 'UTC') + interval '8 hours')::date + 10 END
FROM (SELECT "claim_id", max("created_at") AS "at" FROM "claim_events" WHERE "status" IN ('closed', 'rejected') GROUP BY "claim_id") e
WHERE e."claim_id" = "claims"."id";
