CREATE TABLE "drift_episodes" (
	"investment_id" uuid PRIMARY KEY NOT NULL,
	"since" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_settings" ADD COLUMN "drift_limit_pct" double precision;--> statement-breakpoint
ALTER TABLE "drift_episodes" ADD CONSTRAINT "drift_episodes_investment_id_investments_id_fk" FOREIGN KEY ("investment_id") REFERENCES "public"."investments"("id") ON DELETE cascade ON UPDATE no action;