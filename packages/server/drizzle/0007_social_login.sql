CREATE TABLE "social_flows" (
	"id" uuid PRIMARY KEY NOT NULL,
	"state_hash" text NOT NULL,
	"provider" text NOT NULL,
	"project_id" text NOT NULL,
	"device_jkt" text NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text,
	"status" text NOT NULL,
	"error_code" text,
	"error_message" text,
	"user_id" uuid,
	"username" text,
	"email" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"callback_at" timestamp with time zone,
	"connected_at" timestamp with time zone,
	CONSTRAINT "social_flows_status" CHECK ("social_flows"."status" in ('pending', 'ready', 'error', 'connected'))
);
--> statement-breakpoint
CREATE TABLE "social_identities" (
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" uuid NOT NULL,
	"username" text NOT NULL,
	"email" text,
	"email_verified" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_login_at" timestamp with time zone NOT NULL,
	CONSTRAINT "social_identities_provider_subject_pk" PRIMARY KEY("provider","subject")
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "social_flows" ADD CONSTRAINT "social_flows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_identities" ADD CONSTRAINT "social_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "social_flows_state_idx" ON "social_flows" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "social_flows_expires_idx" ON "social_flows" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "social_identities_user_idx" ON "social_identities" USING btree ("user_id");