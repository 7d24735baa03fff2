CREATE TABLE "bible_cross_reference" (
	"verse" integer PRIMARY KEY NOT NULL,
	"starts" integer[] NOT NULL,
	"ends" integer[] NOT NULL,
	"votes" integer[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bible_cross_reference_source" (
	"name" text PRIMARY KEY NOT NULL,
	"checksum" text NOT NULL,
	"links" integer NOT NULL,
	"verses" integer NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
