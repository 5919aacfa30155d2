// ---------------------------------------------------------------------------------------------
// Visit management's words and limits (ADR 026), apart from its schemas (visits.ts) so the portal's
// one table of known messages (known-messages.ts, in every page) takes these strings without the
// Today contract the schemas build on.
// ---------------------------------------------------------------------------------------------
import type { Catalogue } from "./catalogue.ts";

/** What an anonymised visit is called from then on (its other personal data is removed). */
export const ANONYMISED_NAME = "Anonymised";

export const VISIT_LIMITS = { notes: 2000, host: 100, fieldValue: 500, fields: 50 } as const;

/** The upstream's messages for the rules of this area (the portal translates them, known-messages). */
export const VISIT_MESSAGES = {
  protectedDelete: "This visit is protected against deletion. Unprotect it first.",
  protectedAnonymise: "This visit is protected. Unprotect it before anonymising it.",
  anonymised: "This visit has been anonymised and can no longer be changed.",
  anonymiseDisabled: "Anonymising visits is not enabled for your organisation.",
  outBeforeIn: "The sign-out time must be after the sign-in time",
  inFuture: "Times cannot be in the future",
  tooLate: "Dates must be before 2038",
  stillSignedIn: "A visit still signed in has no sign-out time: sign it out instead",
  signOutRequired: "A signed-out visit needs its sign-out time",
  signInRequired: "A visit that signed in needs its sign-in time",
  neverSignedIn: "This visit never signed in, so it has no times to set",
  groupNotAtSite: "The selected group is not available at this site",
  memberGroup: "A group member's visit stays in the member's group",
  fieldsChanged: "Only the answers to the visit's own custom fields can be changed",
  controlCharacters: "Use plain text without control characters",
} as const;

/** The visits area's catalogue (ADR 035): `visits:messages.<name>`; a date's limit is the history's words, a group at a site the pre-registrations'. */
export const VISIT_CATALOGUE: Catalogue = { tables: [{ branch: "visits:messages.", messages: VISIT_MESSAGES, except: ["tooLate", "groupNotAtSite"] }] };
