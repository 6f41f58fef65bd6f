CREATE TABLE "bot_orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"investment_id" uuid NOT NULL,
	"cycle_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"level" integer,
	"reason" text,
	"lots" double precision NOT NULL,
	"bid" double precision NOT NULL,
	"reference_price" double precision NOT NULL,
	"scale" double precision NOT NULL,
	"status" text DEFAULT 'intent' NOT NULL,
	"deal_id" text,
	"fill_price" double precision,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "paper_positions" (
	"deal_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"investment_id" uuid NOT NULL,
	"client_ref" uuid NOT NULL,
	"lots" double precision NOT NULL,
	"level" double precision NOT NULL,
	"exit_level" double precision,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "status_message" text;--> statement-breakpoint
ALTER TABLE "bot_orders" ADD CONSTRAINT "bot_orders_investment_id_investments_id_fk" FOREIGN KEY ("investment_id") REFERENCES "public"."investments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_positions" ADD CONSTRAINT "paper_positions_investment_id_investments_id_fk" FOREIGN KEY ("investment_id") REFERENCES "public"."investments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bot_orders_investment_cycle_idx" ON "bot_orders" USING btree ("investment_id","cycle_id");--> statement-breakpoint
CREATE UNIQUE INDEX "paper_positions_client_ref_idx" ON "paper_positions" USING btree ("client_ref");--> statement-breakpoint
CREATE INDEX "paper_positions_investment_idx" ON "paper_positions" USING btree ("investment_id");