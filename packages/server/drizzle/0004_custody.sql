CREATE TABLE "custody_releases" (
	"id" uuid PRIMARY KEY NOT NULL,
	"wallet_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"released_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custody_vault" (
	"wallet_id" uuid PRIMARY KEY NOT NULL,
	"iv" text NOT NULL,
	"sealed" text NOT NULL,
	"key_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custody_wallets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"address" text NOT NULL,
	"server_share" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "custody_releases" ADD CONSTRAINT "custody_releases_wallet_id_custody_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."custody_wallets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custody_releases" ADD CONSTRAINT "custody_releases_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custody_releases" ADD CONSTRAINT "custody_releases_session_id_auth_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."auth_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custody_wallets" ADD CONSTRAINT "custody_wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custody_releases_wallet_idx" ON "custody_releases" USING btree ("wallet_id");--> statement-breakpoint
CREATE UNIQUE INDEX "custody_wallets_user_idx" ON "custody_wallets" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "custody_wallets_address_idx" ON "custody_wallets" USING btree ("address");