CREATE TABLE "analyses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"market" text NOT NULL,
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"results" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_completed" integer DEFAULT 0 NOT NULL,
	"error" text,
	"lease_owner" text,
	"lease_expires_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "backtests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"type" text NOT NULL,
	"market" text NOT NULL,
	"algorithm_id" uuid,
	"algorithm_name" text,
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"capital" double precision NOT NULL,
	"account_type" text NOT NULL,
	"leverage" double precision NOT NULL,
	"dynamic" boolean NOT NULL,
	"close" boolean NOT NULL,
	"config" jsonb NOT NULL,
	"results" jsonb,
	"result_count" integer DEFAULT 0 NOT NULL,
	"fx_fallback" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_completed" integer DEFAULT 0 NOT NULL,
	"error" text,
	"lease_owner" text,
	"lease_expires_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "market_data_sets" (
	"market" text NOT NULL,
	"timeframe" text NOT NULL,
	"rows" integer NOT NULL,
	"first_time" timestamp with time zone,
	"last_time" timestamp with time zone,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_data_sets_market_timeframe_pk" PRIMARY KEY("market","timeframe")
);
--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backtests" ADD CONSTRAINT "backtests_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backtests" ADD CONSTRAINT "backtests_algorithm_id_algorithms_id_fk" FOREIGN KEY ("algorithm_id") REFERENCES "public"."algorithms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analyses_owner_idx" ON "analyses" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "analyses_queue_idx" ON "analyses" USING btree ("is_completed","created_at");--> statement-breakpoint
CREATE INDEX "backtests_owner_idx" ON "backtests" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "backtests_queue_idx" ON "backtests" USING btree ("is_completed","created_at");