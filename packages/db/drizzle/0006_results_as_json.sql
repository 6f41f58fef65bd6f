ALTER TABLE "analyses" ALTER COLUMN "results" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "backtests" ALTER COLUMN "results" SET DATA TYPE json;