CREATE TABLE "bible_word" (
	"number" text PRIMARY KEY NOT NULL,
	"lemma" text NOT NULL,
	"translit" text NOT NULL,
	"pron" text NOT NULL,
	"definition" text NOT NULL,
	"gloss_es" text,
	"renderings" jsonb NOT NULL,
	"kjv_places" integer[] NOT NULL,
	"rv1909_places" integer[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bible_word_source" (
	"name" text PRIMARY KEY NOT NULL,
	"checksum" text NOT NULL,
	"numbers" integer NOT NULL,
	"verses" integer NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bible_word_verse" (
	"translation" text NOT NULL,
	"book" smallint NOT NULL,
	"chapter" smallint NOT NULL,
	"verse" smallint NOT NULL,
	"words" text NOT NULL,
	"title_words" text,
	CONSTRAINT "bible_word_verse_translation_book_chapter_verse_pk" PRIMARY KEY("translation","book","chapter","verse")
);
