/** Shown only when scripts run: without them the page offers plain controls in their place. */
export const NEEDS_SCRIPT = "data-needs-script";
