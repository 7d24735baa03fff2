CREATE TABLE "church" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"time_zone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "church_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "church_group" (
	"group_id" text PRIMARY KEY NOT NULL,
	"church_id" text NOT NULL,
	"status" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attached_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "church_invitation" (
	"id" text PRIMARY KEY NOT NULL,
	"church_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "church_invitation_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "church_pastor" (
	"church_id" text NOT NULL,
	"user_id" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "church_pastor_church_id_user_id_pk" PRIMARY KEY("church_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "group_member" ADD COLUMN "aim" smallint DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "church_group" ADD CONSTRAINT "church_group_group_id_study_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."study_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "church_group" ADD CONSTRAINT "church_group_church_id_church_id_fk" FOREIGN KEY ("church_id") REFERENCES "public"."church"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "church_invitation" ADD CONSTRAINT "church_invitation_church_id_church_id_fk" FOREIGN KEY ("church_id") REFERENCES "public"."church"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "church_pastor" ADD CONSTRAINT "church_pastor_church_id_church_id_fk" FOREIGN KEY ("church_id") REFERENCES "public"."church"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "church_pastor" ADD CONSTRAINT "church_pastor_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "church_group_church_idx" ON "church_group" USING btree ("church_id","status");--> statement-breakpoint
CREATE INDEX "church_invitation_church_idx" ON "church_invitation" USING btree ("church_id");--> statement-breakpoint
CREATE INDEX "church_pastor_user_idx" ON "church_pastor" USING btree ("user_id");