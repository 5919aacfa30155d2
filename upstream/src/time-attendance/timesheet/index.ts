/** The timesheet computation core and the add-on's tier rules (issue 27): pure functions, no I/O. */
export * from "./compute.ts";
export * from "./tier.ts";
