CREATE TABLE "memory_verse" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"reference" text NOT NULL,
	"osis" text NOT NULL,
	"translation" text NOT NULL,
	"text" text NOT NULL,
	"category" text NOT NULL,
	"state" text DEFAULT 'practice' NOT NULL,
	"card" jsonb NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"last_reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "memory_verse" ADD CONSTRAINT "memory_verse_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "memory_verse_user_osis_unique" ON "memory_verse" USING btree ("user_id","osis");--> statement-breakpoint
CREATE INDEX "memory_verse_user_due_idx" ON "memory_verse" USING btree ("user_id","due_at");