CREATE TABLE "bot_hosts" (
	"name" text PRIMARY KEY NOT NULL,
	"heartbeat_expires_at" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot_leases" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"acquired_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "singleton_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bot_leases" ADD CONSTRAINT "bot_leases_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bot_leases_host_idx" ON "bot_leases" USING btree ("host");