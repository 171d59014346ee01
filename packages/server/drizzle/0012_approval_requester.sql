ALTER TABLE "device_approvals" ADD COLUMN "request_app" text;--> statement-breakpoint
ALTER TABLE "device_approvals" ADD COLUMN "request_browser" text;--> statement-breakpoint
ALTER TABLE "device_approvals" ADD COLUMN "request_ip" text;