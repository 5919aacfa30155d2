/**
 * ./phone for the attendees route's loader and action. Through this `.server` module (empty in the
 * browser) the route module has no static import of ./phone, which the browser loads on its own
 * after the page is up (ADR 010); a plain import would put libphonenumber back into the page.
 */
export { formatPhone, phoneCountry, toE164 } from "./phone";
