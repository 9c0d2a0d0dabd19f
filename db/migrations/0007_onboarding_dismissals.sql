ALTER TABLE `user_onboarding` ADD `quick_start_dismissed_at` integer;--> statement-breakpoint
ALTER TABLE `user_onboarding` ADD `next_steps_dismissed_at` integer;--> statement-breakpoint
-- Readers who finished the Quick Start before this column existed are not congratulated again now.
UPDATE `user_onboarding` SET `quick_start_dismissed_at` = `onboarding_completed_at` WHERE `onboarding_completed_at` IS NOT NULL;
