CREATE TABLE "study_sheet" (
	"id" text PRIMARY KEY NOT NULL,
	"group_id" text NOT NULL,
	"title" text NOT NULL,
	"passages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"prayer" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"audience" text DEFAULT 'group' NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "study_sheet_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "study_sheet" ADD CONSTRAINT "study_sheet_group_id_study_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."study_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "study_sheet_group_idx" ON "study_sheet" USING btree ("group_id","updated_at");