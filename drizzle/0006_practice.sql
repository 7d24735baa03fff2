CREATE TABLE "activity" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer DEFAULT 1 NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"day" date NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_day" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "activity_day_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "goal" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"preset" text,
	"target" integer NOT NULL,
	"unit" text NOT NULL,
	"period" text NOT NULL,
	"priority" text NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"period_start" date NOT NULL,
	"completed_at" timestamp with time zone,
	"periods_completed" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prayer_request" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"urgent" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"answered_at" timestamp with time zone,
	"answer_note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prayer_session" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"minutes" smallint NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reading_plan_run" (
	"user_id" text PRIMARY KEY NOT NULL,
	"plan_id" text NOT NULL,
	"duration" integer NOT NULL,
	"total_days" integer NOT NULL,
	"started_on" date NOT NULL,
	"current_day" integer DEFAULT 1 NOT NULL,
	"days_read" integer DEFAULT 0 NOT NULL,
	"replan_day" integer DEFAULT 1 NOT NULL,
	"replan_verse" integer DEFAULT 0 NOT NULL,
	"last_read_on" date,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_day" ADD CONSTRAINT "activity_day_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal" ADD CONSTRAINT "goal_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_request" ADD CONSTRAINT "prayer_request_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_session" ADD CONSTRAINT "prayer_session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_plan_run" ADD CONSTRAINT "reading_plan_run_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_user_time_idx" ON "activity" USING btree ("user_id","occurred_at");--> statement-breakpoint
CREATE INDEX "goal_user_idx" ON "goal" USING btree ("user_id","unit");--> statement-breakpoint
CREATE INDEX "prayer_request_user_status_idx" ON "prayer_request" USING btree ("user_id","status","created_at");--> statement-breakpoint
CREATE INDEX "prayer_session_user_day_idx" ON "prayer_session" USING btree ("user_id","day");