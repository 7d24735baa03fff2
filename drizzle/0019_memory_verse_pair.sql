ALTER TABLE "memory_verse" ADD COLUMN "pair_translation" text;--> statement-breakpoint
ALTER TABLE "memory_verse" ADD COLUMN "pair_osis" text;--> statement-breakpoint
ALTER TABLE "memory_verse" ADD COLUMN "pair_text" text;--> statement-breakpoint
ALTER TABLE "memory_verse" ADD COLUMN "practice_in" text DEFAULT 'own' NOT NULL;