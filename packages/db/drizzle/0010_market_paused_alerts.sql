CREATE TABLE "market_pauses" (
	"investment_id" uuid PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"reopens_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "alert_settings" ADD COLUMN "on_market_paused" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "market_pauses" ADD CONSTRAINT "market_pauses_investment_id_investments_id_fk" FOREIGN KEY ("investment_id") REFERENCES "public"."investments"("id") ON DELETE cascade ON UPDATE no action;