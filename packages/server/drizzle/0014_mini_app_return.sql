-- Issue 29: a mini app's social login returns to its host page (`return_url`), bound by a return
-- code (`return_code_hash`). Both nullable: a popup flow, and any flow in flight, has neither.
ALTER TABLE "social_flows" ADD COLUMN "return_url" text;--> statement-breakpoint
ALTER TABLE "social_flows" ADD COLUMN "return_code_hash" text;