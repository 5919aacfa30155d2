/** `YYYY-MM-DDTHH:mm` as a `datetime-local` input posts it (read in the site's timezone upstream; ADR 019). */
export const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
