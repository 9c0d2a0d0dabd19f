// Shared with the browser: kept apart from the zod schemas so pages do not ship zod.

/** SPEC §5: the topic and the passage reference are required; these limits keep them sane. */
export const TOPIC_MAX_LENGTH = 120;
export const REFERENCE_MAX_LENGTH = 100;
