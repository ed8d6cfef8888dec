ALTER TABLE "alert_notes" ADD COLUMN "author_support" uuid;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "acknowledged_by_support" uuid;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "assigned_by" uuid;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "assigned_by_support" uuid;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "created_by_support" uuid;--> statement-breakpoint
ALTER TABLE "alert_notes" ADD CONSTRAINT "alert_notes_author_support_users_id_fk" FOREIGN KEY ("author_support") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_acknowledged_by_support_users_id_fk" FOREIGN KEY ("acknowledged_by_support") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_assigned_by_support_users_id_fk" FOREIGN KEY ("assigned_by_support") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_created_by_support_users_id_fk" FOREIGN KEY ("created_by_support") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;