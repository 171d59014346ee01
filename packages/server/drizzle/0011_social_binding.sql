-- Flows in flight at the upgrade have no binding: they end (a flow lives 10 minutes; the
-- visitor starts again), so the column can be required.
DELETE FROM "social_flows";--> statement-breakpoint
ALTER TABLE "social_flows" ADD COLUMN "binding_hash" text NOT NULL;--> statement-breakpoint
ALTER TABLE "social_flows" ADD COLUMN "bound_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "social_flows_binding_idx" ON "social_flows" USING btree ("binding_hash");