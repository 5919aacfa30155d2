/**
 * The Today area's refusals about sign-out-first groups (groups spec §1, §4), as plain values
 * without zod: the portal's known-messages table imports them (ADR 010, as ./group-messages).
 * ./index re-exports them.
 */
import type { Catalogue } from "./catalogue.ts";
/** The client flag (platform §6) under which a group synced from a directory may sign out first. */
export const SIGN_OUT_FIRST_SYNC_FLAG = "show-signout-first-sync-groups-as-signout-first";
/** A departure asked of a group that does not sign out first (or of a member not in it). */
export const NOT_SIGN_OUT_FIRST_MESSAGE = "This group does not sign out first";
/** A departure of a member who is already out (an open away visit at this site). */
export const ALREADY_AWAY_MESSAGE = "This member is already signed out";
/** A sign-in of a sign-out-first member who is not out: they are presumed on site. */
export const NOT_AWAY_MESSAGE = "This member has not signed out: members of this group sign out when they leave";
/** A return of a visit that is not an open departure. */
export const RETURN_NOT_AWAY_MESSAGE = "This person is not signed out as away";

/** Sign-out-first groups on Today (ADR 015): the catalogue (ADR 035). */
export const TODAY_CATALOGUE: Catalogue = {
  pairs: [
    [NOT_SIGN_OUT_FIRST_MESSAGE, "today:sign_out_first.validation.not_sign_out_first"],
    [ALREADY_AWAY_MESSAGE, "today:sign_out_first.validation.already_away"],
    [NOT_AWAY_MESSAGE, "today:sign_out_first.validation.use_depart"],
    [RETURN_NOT_AWAY_MESSAGE, "today:sign_out_first.validation.not_away"],
  ],
};
