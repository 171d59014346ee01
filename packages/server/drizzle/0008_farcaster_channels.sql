CREATE TABLE "farcaster_channels" (
	"id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"project_id" text,
	"device_jkt" text,
	"signature_params" jsonb NOT NULL,
	"url" text NOT NULL,
	"creator_ip" text NOT NULL,
	"creator_user_agent" text NOT NULL,
	"status" text NOT NULL,
	"fid" bigint,
	"custody" text,
	"message" text,
	"signature" text,
	"username" text,
	"display_name" text,
	"bio" text,
	"pfp_url" text,
	"user_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"connected_at" timestamp with time zone,
	CONSTRAINT "farcaster_channels_status" CHECK ("farcaster_channels"."status" in ('pending', 'completed', 'connected')),
	CONSTRAINT "farcaster_channels_owner" CHECK (("farcaster_channels"."project_id" is null) = ("farcaster_channels"."device_jkt" is null))
);
--> statement-breakpoint
ALTER TABLE "farcaster_channels" ADD CONSTRAINT "farcaster_channels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "farcaster_channels_token_idx" ON "farcaster_channels" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "farcaster_channels_expires_idx" ON "farcaster_channels" USING btree ("expires_at");