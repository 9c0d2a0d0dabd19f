CREATE TABLE `verse_notes` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`start_verse` integer NOT NULL,
	`end_verse` integer NOT NULL,
	`body` text,
	`color` text,
	`label` text,
	`group_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`group_id`) REFERENCES `groups`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `verse_notes_user_verse_idx` ON `verse_notes` (`user_id`,`start_verse`);--> statement-breakpoint
CREATE INDEX `verse_notes_user_created_idx` ON `verse_notes` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `verse_notes_group_idx` ON `verse_notes` (`group_id`,`created_at`);