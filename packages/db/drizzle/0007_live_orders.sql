ALTER TABLE "bot_orders" ADD COLUMN "order_type" text DEFAULT 'market' NOT NULL;--> statement-breakpoint
ALTER TABLE "bot_orders" ADD COLUMN "limit_level" double precision;--> statement-breakpoint
ALTER TABLE "bot_orders" ADD COLUMN "deal_reference" text;--> statement-breakpoint
ALTER TABLE "bot_orders" ADD COLUMN "working_order_id" text;--> statement-breakpoint
ALTER TABLE "bot_orders" ADD COLUMN "stop_level" double precision;