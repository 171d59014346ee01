CREATE TABLE "siwx_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"chain_id" text NOT NULL,
	"address" text NOT NULL,
	"message" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "siwx_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"project_id" text NOT NULL,
	"chain_id" text NOT NULL,
	"address" text NOT NULL,
	"data" jsonb NOT NULL,
	"message" text NOT NULL,
	"signature" text NOT NULL,
	"cacao" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "siwx_nonces_created_idx" ON "siwx_nonces" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "siwx_sessions_token_idx" ON "siwx_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "siwx_sessions_account_idx" ON "siwx_sessions" USING btree ("project_id","chain_id","address");