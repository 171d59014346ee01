ALTER TABLE "names" DROP CONSTRAINT "names_address_lower";--> statement-breakpoint
ALTER TABLE "names" ADD COLUMN "namespace" text DEFAULT 'eip155' NOT NULL;--> statement-breakpoint
ALTER TABLE "names" ADD CONSTRAINT "names_name_lower" CHECK ("names"."name" = lower("names"."name"));--> statement-breakpoint
ALTER TABLE "names" ADD CONSTRAINT "names_namespace" CHECK ("names"."namespace" in ('eip155', 'solana', 'bip122'));--> statement-breakpoint
ALTER TABLE "names" ADD CONSTRAINT "names_address_lower" CHECK ("names"."namespace" <> 'eip155' or "names"."address" = lower("names"."address"));