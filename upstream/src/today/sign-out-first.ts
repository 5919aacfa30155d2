/**
 * THE rule of sign-out-first groups (groups spec §1, §4; platform §6's flag; ADR 015), as SQL over a
 * `groups` alias so every caller reads it in the query it already makes: the kiosk and the portal's
 * sign-in and departure (`sign-in-out.ts`), the Today view and its sign-in options, and the group's
 * details answer (`../groups/group-settings.ts`).
 *
 * A group signs out first when it is a returning group with `allow_sign_out_first`, and, when it is
 * synced from a directory (it has a sync handler: a `group_syncs` row, whatever its status), only
 * while its client has the setting `beta.show-signout-first-sync-groups-as-signout-first`. Without
 * the flag such a group behaves as an ordinary returning group; its setting is kept.
 */
import { SIGN_OUT_FIRST_SYNC_FLAG } from "../../contract/index.ts";

/** The client setting behind the flag (as the other `beta.*` flags). */
export const SIGN_OUT_FIRST_FLAG_SETTING = `beta.${SIGN_OUT_FIRST_SYNC_FLAG}`;

const synced = (g: string) => `EXISTS (SELECT 1 FROM group_syncs gs WHERE gs.group_id = ${g}.id)`;
const flagOn = (g: string) => `coalesce((SELECT c.settings ->> '${SIGN_OUT_FIRST_FLAG_SETTING}' = 'true' FROM clients c WHERE c.id = ${g}.client_id), false)`;

/** SQL (boolean): group `g` signs out first now. */
export const signOutFirstSql = (g: string) => `(${g}.type = 'returning' AND ${g}.allow_sign_out_first AND (NOT ${synced(g)} OR ${flagOn(g)}))`;

/** SQL (boolean): group `g` is synced from a directory and its client has the flag off (its setting is not honoured). */
export const signOutFirstNeedsFlagSql = (g: string) => `(${g}.type = 'returning' AND ${synced(g)} AND NOT ${flagOn(g)})`;

