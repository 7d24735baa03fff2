CREATE TABLE "bible_study" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"reference" text NOT NULL,
	"osis" text NOT NULL,
	"translation" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"observation" text DEFAULT '' NOT NULL,
	"interpretation" text DEFAULT '' NOT NULL,
	"application" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bible_translation" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"source" text NOT NULL,
	"verse_count" integer NOT NULL,
	"checksum" text NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bible_verse" (
	"translation" text NOT NULL,
	"language" text NOT NULL,
	"book" smallint NOT NULL,
	"chapter" smallint NOT NULL,
	"verse" smallint NOT NULL,
	"text" text NOT NULL,
	"heading" text,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector(case when language = 'es' then 'es_unaccent'::regconfig else 'en_unaccent'::regconfig end, text)) STORED NOT NULL,
	CONSTRAINT "bible_verse_translation_book_chapter_verse_pk" PRIMARY KEY("translation","book","chapter","verse")
);
--> statement-breakpoint
ALTER TABLE "bible_study" ADD CONSTRAINT "bible_study_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bible_verse" ADD CONSTRAINT "bible_verse_translation_bible_translation_code_fk" FOREIGN KEY ("translation") REFERENCES "public"."bible_translation"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bible_study_user_idx" ON "bible_study" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "bible_verse_search_idx" ON "bible_verse" USING gin ("search");