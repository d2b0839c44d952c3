CREATE TABLE "candles_1m" (
	"symbol" text NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"open" numeric NOT NULL,
	"high" numeric NOT NULL,
	"low" numeric NOT NULL,
	"close" numeric NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "candles_1m_symbol_time_pk" PRIMARY KEY("symbol","time")
);
