CREATE TABLE "cache" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"client_id" text NOT NULL,
	"type" text NOT NULL,
	"event" text NOT NULL,
	"url" text NOT NULL,
	"domain" text NOT NULL,
	"timestamp" bigint NOT NULL,
	"properties" jsonb,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "images" (
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "images_kind_id_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text NOT NULL,
	"window_start" bigint NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "rate_limits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"id" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"entry" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "events_project_idx" ON "events" USING btree ("project_id","received_at");--> statement-breakpoint
CREATE INDEX "wallets_position_idx" ON "wallets" USING btree ("position");