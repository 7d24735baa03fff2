CREATE TABLE "group_attendance" (
	"meeting_id" text NOT NULL,
	"member_id" text NOT NULL,
	CONSTRAINT "group_attendance_meeting_id_member_id_pk" PRIMARY KEY("meeting_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "group_meeting" (
	"id" text PRIMARY KEY NOT NULL,
	"group_id" text NOT NULL,
	"held_on" date NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	"visitors" smallint DEFAULT 0 NOT NULL,
	"visitor_names" text DEFAULT '' NOT NULL,
	"covered_kind" text,
	"covered_id" text,
	"covered_title" text,
	"prayer" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "group_attendance" ADD CONSTRAINT "group_attendance_meeting_id_group_meeting_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."group_meeting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_attendance" ADD CONSTRAINT "group_attendance_member_id_group_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."group_member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_meeting" ADD CONSTRAINT "group_meeting_group_id_study_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."study_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_attendance_member_idx" ON "group_attendance" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "group_meeting_group_idx" ON "group_meeting" USING btree ("group_id","held_on");