CREATE TABLE `ai_settings` (
	`id` text PRIMARY KEY NOT NULL,
	`model` text DEFAULT 'gpt-4o' NOT NULL,
	`tone` text DEFAULT 'Pastoral' NOT NULL,
	`beginner_word_limit` integer DEFAULT 300 NOT NULL,
	`intermediate_word_limit` integer DEFAULT 500 NOT NULL,
	`deep_study_word_limit` integer DEFAULT 800 NOT NULL,
	`translation` text DEFAULT 'NKJV' NOT NULL,
	`writing_style` text DEFAULT 'Conversational' NOT NULL,
	`citation_format` text DEFAULT 'Inline' NOT NULL,
	`target_audience` text DEFAULT 'Mixed' NOT NULL,
	`language_complexity` text DEFAULT 'Moderate' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `authors` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`bio` text,
	`photo_url` text,
	`denomination` text,
	`website` text,
	`is_favorite` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `authors_user_id_idx` ON `authors` (`user_id`);--> statement-breakpoint
CREATE TABLE `book_search_cache` (
	`id` text PRIMARY KEY NOT NULL,
	`search_query` text NOT NULL,
	`results` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `book_search_cache_search_query_unique` ON `book_search_cache` (`search_query`);--> statement-breakpoint
CREATE TABLE `books` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`author_id` text,
	`asin` text NOT NULL,
	`title` text NOT NULL,
	`author_name` text,
	`cover_url` text,
	`amazon_url` text NOT NULL,
	`price` text,
	`rating` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `authors`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `books_user_id_idx` ON `books` (`user_id`);--> statement-breakpoint
CREATE INDEX `books_author_id_idx` ON `books` (`author_id`);--> statement-breakpoint
CREATE TABLE `devotionals` (
	`id` text PRIMARY KEY NOT NULL,
	`plan_day_id` text NOT NULL,
	`level` text NOT NULL,
	`translation` text NOT NULL,
	`settings_key` text NOT NULL,
	`content` text NOT NULL,
	`ai_provider` text NOT NULL,
	`ai_model` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`plan_day_id`) REFERENCES `plan_days`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `devotionals_key_idx` ON `devotionals` (`plan_day_id`,`level`,`translation`,`settings_key`);--> statement-breakpoint
CREATE TABLE `library_saves` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`study_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`study_id`) REFERENCES `studies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `library_saves_user_study_idx` ON `library_saves` (`user_id`,`study_id`);--> statement-breakpoint
CREATE INDEX `library_saves_user_created_idx` ON `library_saves` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `library_saves_study_id_idx` ON `library_saves` (`study_id`);--> statement-breakpoint
CREATE TABLE `plan_days` (
	`id` text PRIMARY KEY NOT NULL,
	`plan_id` text NOT NULL,
	`day_number` integer NOT NULL,
	`references_json` text NOT NULL,
	FOREIGN KEY (`plan_id`) REFERENCES `reading_plans`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `plan_days_plan_day_idx` ON `plan_days` (`plan_id`,`day_number`);--> statement-breakpoint
CREATE TABLE `reading_plans` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`days_count` integer NOT NULL,
	`plan_type` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reading_plans_slug_unique` ON `reading_plans` (`slug`);--> statement-breakpoint
CREATE TABLE `sermons` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`author_id` text,
	`book_id` text,
	`title` text NOT NULL,
	`url` text,
	`transcript` text NOT NULL,
	`content_type` text NOT NULL,
	`source` text,
	`source_title` text,
	`author_name` text,
	`ai_summary` text,
	`ai_learning_bites` text,
	`ai_provider` text,
	`ai_model` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `authors`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`book_id`) REFERENCES `books`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `sermons_user_created_idx` ON `sermons` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `sermons_author_id_idx` ON `sermons` (`author_id`);--> statement-breakpoint
CREATE INDEX `sermons_book_id_idx` ON `sermons` (`book_id`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_id_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires_at_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `studies` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`title` text NOT NULL,
	`content` text NOT NULL,
	`study_type` text NOT NULL,
	`input` text DEFAULT '' NOT NULL,
	`translation` text,
	`ai_provider` text DEFAULT 'builtin' NOT NULL,
	`ai_model` text DEFAULT 'builtin' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `studies_user_created_idx` ON `studies` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `user_onboarding` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`has_completed_welcome` integer DEFAULT false NOT NULL,
	`has_started_plan` integer DEFAULT false NOT NULL,
	`has_created_study` integer DEFAULT false NOT NULL,
	`has_visited_library` integer DEFAULT false NOT NULL,
	`onboarding_completed_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_onboarding_user_id_unique` ON `user_onboarding` (`user_id`);--> statement-breakpoint
CREATE TABLE `user_plan_progress` (
	`id` text PRIMARY KEY NOT NULL,
	`user_plan_id` text NOT NULL,
	`day_number` integer NOT NULL,
	`completed_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_plan_id`) REFERENCES `user_plans`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_plan_progress_plan_day_idx` ON `user_plan_progress` (`user_plan_id`,`day_number`);--> statement-breakpoint
CREATE INDEX `user_plan_progress_plan_completed_idx` ON `user_plan_progress` (`user_plan_id`,`completed_at`);--> statement-breakpoint
CREATE TABLE `user_plans` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`plan_id` text NOT NULL,
	`translation` text DEFAULT 'NKJV' NOT NULL,
	`start_date` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`activated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`plan_id`) REFERENCES `reading_plans`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_plans_user_plan_idx` ON `user_plans` (`user_id`,`plan_id`);--> statement-breakpoint
CREATE INDEX `user_plans_user_activated_idx` ON `user_plans` (`user_id`,`activated_at`);--> statement-breakpoint
CREATE INDEX `user_plans_plan_id_idx` ON `user_plans` (`plan_id`);--> statement-breakpoint
CREATE TABLE `user_profiles` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`favorite_teachers` text DEFAULT '[]' NOT NULL,
	`study_depth_preference` text DEFAULT 'intermediate' NOT NULL,
	`denomination` text,
	`time_zone` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_profiles_user_id_unique` ON `user_profiles` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`is_admin` integer DEFAULT false NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`last_active_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);