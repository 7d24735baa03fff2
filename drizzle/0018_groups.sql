CREATE TABLE "group_invitation" (
	"id" text PRIMARY KEY NOT NULL,
	"group_id" text NOT NULL,
	"token_hash" text,
	"invitee_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_invitation_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "group_member" (
	"id" text PRIMARY KEY NOT NULL,
	"group_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"level" text DEFAULT 'progress' NOT NULL,
	"muted" boolean DEFAULT false NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_message" (
	"id" text PRIMARY KEY NOT NULL,
	"group_id" text NOT NULL,
	"user_id" text NOT NULL,
	"sender_day" date NOT NULL,
	"to_member_id" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_reflection" (
	"id" text PRIMARY KEY NOT NULL,
	"group_id" text NOT NULL,
	"member_id" text NOT NULL,
	"lesson_id" text NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"shared_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "study_group" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"language" text NOT NULL,
	"path_kind" text NOT NULL,
	"course_id" text,
	"lessons_per_week" smallint,
	"plan_id" text,
	"plan_duration" integer,
	"starts_on" date NOT NULL,
	"meeting_note" text DEFAULT '' NOT NULL,
	"time_zone" text NOT NULL,
	"members_see_reflections" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "group_invitation" ADD CONSTRAINT "group_invitation_group_id_study_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."study_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_invitation" ADD CONSTRAINT "group_invitation_invitee_id_user_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_member" ADD CONSTRAINT "group_member_group_id_study_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."study_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_member" ADD CONSTRAINT "group_member_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_message" ADD CONSTRAINT "group_message_group_id_study_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."study_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_message" ADD CONSTRAINT "group_message_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_message" ADD CONSTRAINT "group_message_to_member_id_group_member_id_fk" FOREIGN KEY ("to_member_id") REFERENCES "public"."group_member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_reflection" ADD CONSTRAINT "group_reflection_group_id_study_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."study_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_reflection" ADD CONSTRAINT "group_reflection_member_id_group_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."group_member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_reflection" ADD CONSTRAINT "group_reflection_lesson_id_lesson_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lesson"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_invitation_group_idx" ON "group_invitation" USING btree ("group_id","created_at");--> statement-breakpoint
CREATE INDEX "group_invitation_invitee_idx" ON "group_invitation" USING btree ("invitee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_member_once" ON "group_member" USING btree ("group_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_member_one_leader" ON "group_member" USING btree ("group_id") WHERE "group_member"."role" = 'leader';--> statement-breakpoint
CREATE INDEX "group_member_user_idx" ON "group_member" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "group_message_sender_idx" ON "group_message" USING btree ("group_id","user_id","sender_day");--> statement-breakpoint
CREATE INDEX "group_message_group_idx" ON "group_message" USING btree ("group_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "group_reflection_once" ON "group_reflection" USING btree ("member_id","lesson_id");--> statement-breakpoint
CREATE INDEX "group_reflection_group_idx" ON "group_reflection" USING btree ("group_id","lesson_id");--> statement-breakpoint
CREATE INDEX "study_group_created_idx" ON "study_group" USING btree ("created_at","id");