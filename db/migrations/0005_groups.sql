CREATE TABLE `group_members` (
	`group_id` text NOT NULL,
	`user_id` text NOT NULL,
	`role` text DEFAULT 'member' NOT NULL,
	`hide_progress` integer DEFAULT false NOT NULL,
	`joined_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`group_id`, `user_id`),
	FOREIGN KEY (`group_id`) REFERENCES `groups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `group_members_user_idx` ON `group_members` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `group_members_one_leader_idx` ON `group_members` (`group_id`) WHERE role = 'leader';--> statement-breakpoint
CREATE TABLE `group_studies` (
	`group_id` text NOT NULL,
	`study_id` text NOT NULL,
	`shared_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`group_id`, `study_id`),
	FOREIGN KEY (`group_id`) REFERENCES `groups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`study_id`) REFERENCES `studies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `group_studies_study_idx` ON `group_studies` (`study_id`);--> statement-breakpoint
CREATE TABLE `groups` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`invite_code` text NOT NULL,
	`plan_id` text,
	`plan_start_date` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`plan_id`) REFERENCES `reading_plans`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `groups_invite_code_unique` ON `groups` (`invite_code`);--> statement-breakpoint
-- Written by hand (drizzle-kit does not model triggers); a later drizzle-kit rebuild of
-- group_members drops it and must recreate it. When a membership ends (a member leaves or is
-- removed, or their account is deleted): their own lesson plans leave the group with them; a
-- leader's role passes to the longest-standing member; a group nobody is left in is removed.
CREATE TRIGGER `group_members_after_delete` AFTER DELETE ON `group_members`
BEGIN
  DELETE FROM `group_studies`
    WHERE `group_id` = old.`group_id`
      AND `study_id` IN (SELECT `id` FROM `studies` WHERE `user_id` = old.`user_id`);
  UPDATE `group_members` SET `role` = 'leader'
    WHERE old.`role` = 'leader'
      AND rowid = (
        SELECT rowid FROM `group_members` WHERE `group_id` = old.`group_id` ORDER BY `joined_at`, rowid LIMIT 1
      );
  DELETE FROM `groups`
    WHERE `id` = old.`group_id`
      AND NOT EXISTS (SELECT 1 FROM `group_members` WHERE `group_id` = old.`group_id`);
END;
