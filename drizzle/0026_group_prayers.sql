CREATE TABLE "group_prayer" (
	"group_id" text NOT NULL,
	"member_id" text NOT NULL,
	"prayer_id" text NOT NULL,
	"shared_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_prayer_member_id_prayer_id_pk" PRIMARY KEY("member_id","prayer_id")
);
--> statement-breakpoint
ALTER TABLE "group_prayer" ADD CONSTRAINT "group_prayer_group_id_study_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."study_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_prayer" ADD CONSTRAINT "group_prayer_member_id_group_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."group_member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_prayer" ADD CONSTRAINT "group_prayer_prayer_id_prayer_request_id_fk" FOREIGN KEY ("prayer_id") REFERENCES "public"."prayer_request"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_prayer_group_idx" ON "group_prayer" USING btree ("group_id","shared_at");