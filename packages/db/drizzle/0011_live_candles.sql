CREATE TABLE "live_candles" (
	"market" text NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"open" double precision NOT NULL,
	"high" double precision NOT NULL,
	"low" double precision NOT NULL,
	"close" double precision NOT NULL,
	CONSTRAINT "live_candles_market_time_pk" PRIMARY KEY("market","time")
);
