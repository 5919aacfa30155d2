/**
 * The safety check at sign-in (issue 18; ADR 029). Every new visit (`signInAt` in ../today/sign-in-out.ts:
 * the portal's Today, the kiosk, a pre-registration's sign-in) is checked in its group's
 * `sign_in.safety_check` mode before it is written:
 *  - off: nothing is checked;
 *  - hard: a failure REJECTS: the visit is written `rejected` with its `rejection_reason`, and the
 *    caller gets 422 SIGN_IN_REFUSED_CODE with words that do not reveal the list;
 *  - soft: the visit goes through FLAGGED (`visits.safety_flag`, the same reasons).
 * Reasons, in the order they are checked: the block list (`block_list_match`), then the Central Record
 * (`failed_central_record`), when the client requires it for the group. `missing_health_certificates`
 * is never produced here: health certificates are a section no role may open (ADR 029), so no setting
 * can require them; the reason stays for data that carries it.
 *
 * `ratingsPass` and the decision (`decide`) are pure; `safetyCheck` reads what they need.
 */
import type { VisitDetails } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { one, type Queryable } from "../db/index.ts";
import { globalId } from "../clients/model.ts";
import { readPersonRatings, type Rating } from "../central-record/client.ts";
import { DEMO_RATING_SYSTEMS } from "../central-record/server.ts";
import { firstMatch, normalise, type MatchEntry, type MatchField } from "./match.ts";

export type SafetyReason = NonNullable<VisitDetails["rejection_reason"]>;
export type SafetyMode = "off" | "soft" | "hard";

/** What the check decided: let in, flag (soft) or reject (hard). */
export type SafetyOutcome = { action: "none" } | { action: "flag" | "reject"; reason: SafetyReason; entryId: number | null };

const RANK: Record<Rating, number> = { pass: 2, warning: 1, fail: 0 };

/** Every system in `required` is rated at least `minimum` (a system not rated fails). */
export function ratingsPass(ratings: Record<string, Rating>, required: string[], minimum: "pass" | "warning"): boolean {
  return required.every((s) => ratings[s] !== undefined && RANK[ratings[s]] >= RANK[minimum]);
}

/** A failure in a mode: hard rejects, soft flags, off lets in. `forceFlag`: only ever flag (Central Record unreachable, allow flagged). */
export function decide(mode: SafetyMode, reason: SafetyReason | null, entryId: number | null = null, forceFlag = false): SafetyOutcome {
  if (mode === "off" || reason === null) return { action: "none" };
  return { action: mode === "hard" && !forceFlag ? "reject" : "flag", reason, entryId };
}

export interface SignInPerson {
  name: string;
  company?: string | null;
  fields?: MatchField[] | null;
}

interface EntryRow extends MatchEntry {}

/** The client's block-list entries whose name is `name` (normalised), in id order. */
export function entriesNamed(q: Queryable, clientId: number, name: string): Promise<EntryRow[]> {
  return q.query<EntryRow>("SELECT id, name, fields, match_rule, match_count, site_id FROM block_list_entries WHERE client_id = $1 AND name_key = $2 ORDER BY id", [clientId, normalise(name)]);
}

interface CentralRecordRule {
  central_record_enabled: boolean;
  central_record_groups: "linked" | "chosen";
  group_ids: number[];
  rating_systems: string[];
  minimum_rating: "pass" | "warning";
  when_unreachable: "reject" | "allow_flagged";
}

/** Check a person about to sign in at `siteId` in group `groupId` (see the module comment). */
export async function safetyCheck(app: App, siteId: number, clientId: number, groupId: number, person: SignInPerson): Promise<SafetyOutcome> {
  const group = await one<{ mode: string | null; cr: { organisation_id?: string | null; rating_mode?: string; rating_systems?: string[] } | null }>(
    app.db,
    "SELECT settings->'sign_in'->>'safety_check' AS mode, settings->'central_record' AS cr FROM groups WHERE id = $1 AND client_id = $2",
    [groupId, clientId],
  );
  const mode: SafetyMode = group?.mode === "soft" || group?.mode === "hard" ? group.mode : "off";
  if (mode === "off" || !person.name.trim()) return { action: "none" };

  const fields: MatchField[] = [...(person.fields ?? [])];
  if (person.company) fields.push({ label: "Company", value: person.company });
  const hit = firstMatch(await entriesNamed(app.db, clientId, person.name), { name: person.name, fields }, siteId);
  if (hit) return decide(mode, "block_list_match", hit.id);

  // Central Record, when the client has it and requires it for this group.
  const client = await one<{ region: string; number: number; settings: { central_record?: { enabled?: unknown } } }>(app.db, "SELECT region, number, settings FROM clients WHERE id = $1", [clientId]);
  if (client?.settings?.central_record?.enabled !== true) return { action: "none" };
  const rule = await one<CentralRecordRule>(app.db, "SELECT * FROM safety_check_settings WHERE client_id = $1", [clientId]);
  if (!rule?.central_record_enabled) return { action: "none" };
  const linked = !!group?.cr?.organisation_id;
  if (rule.central_record_groups === "linked" ? !linked : !rule.group_ids.includes(groupId)) return { action: "none" };
  const required = rule.rating_systems.length
    ? rule.rating_systems
    : group?.cr?.rating_mode === "custom" && group.cr.rating_systems?.length
      ? group.cr.rating_systems
      : DEMO_RATING_SYSTEMS.map((s) => s.id as string);
  const ratings = await readPersonRatings(app, globalId(client), person.name);
  if (ratings === "unreachable") return decide(mode, "failed_central_record", null, rule.when_unreachable === "allow_flagged");
  if (ratings === null || !ratingsPass(ratings, required, rule.minimum_rating)) return decide(mode, "failed_central_record");
  return { action: "none" };
}

/**
 * THE place a safety-check outcome lands, after the visit is committed (rejected or flagged): the
 * person's open pre-registration links are revoked at once (research: "revoked at once on cancel or
 * a block-list hit"), and `onSafetyOutcome` listeners run (the lead wires `emitRejectedSignIn`,
 * notifications, here). A listener's failure never fails the sign-in.
 */
export type SafetyListener = (app: App, event: { visitId: number; siteId: number; clientId: number; groupId: number; name: string; outcome: Exclude<SafetyOutcome, { action: "none" }> }) => Promise<void> | void;
const listeners: SafetyListener[] = [];
export function onSafetyOutcome(listener: SafetyListener): () => void {
  listeners.push(listener);
  return () => {
    const i = listeners.indexOf(listener);
    if (i >= 0) listeners.splice(i, 1);
  };
}

export async function safetyOutcomeHappened(app: App, event: Parameters<SafetyListener>[1]): Promise<void> {
  if (event.outcome.reason === "block_list_match") await revokeLinksOfName(app.db, event.clientId, event.name);
  for (const l of listeners) {
    try {
      await l(app, event);
    } catch (err) {
      app.log({ level: "error", msg: "safety outcome listener failed", error: String(err) });
    }
  }
}

/**
 * Whether a person is on the block list for a sign-in at `siteId` in group `groupId` whose safety
 * check is on (soft or hard). A pre-registration's invitation is not sent to such a person (its
 * links are revoked at once, ADR 029); the sign-in itself is checked as every sign-in is.
 */
export async function blockListed(q: Queryable, clientId: number, siteId: number, groupId: number, person: SignInPerson): Promise<boolean> {
  const group = await one<{ mode: string | null }>(q, "SELECT settings->'sign_in'->>'safety_check' AS mode FROM groups WHERE id = $1 AND client_id = $2", [groupId, clientId]);
  if (group?.mode !== "soft" && group?.mode !== "hard") return false;
  const fields: MatchField[] = [...(person.fields ?? [])];
  if (person.company) fields.push({ label: "Company", value: person.company });
  return firstMatch(await entriesNamed(q, clientId, person.name), { name: person.name, fields }, siteId) !== null;
}

/** Revoke the open magic links of the client's open pre-registrations (pending, expected) of a person named `name`. */
export async function revokeLinksOfName(q: Queryable, clientId: number, name: string): Promise<number> {
  const open = await q.query<{ id: number; name: string }>("SELECT id, name FROM pre_registrations WHERE client_id = $1 AND status IN ('pending', 'expected')", [clientId]);
  const ids = open.filter((r) => normalise(r.name) === normalise(name)).map((r) => r.id);
  if (!ids.length) return 0;
  const revoked = await q.query("UPDATE magic_links SET revoked_at = now() WHERE pre_registration_id = ANY($1::int[]) AND revoked_at IS NULL AND used_at IS NULL RETURNING 1", [ids]);
  return revoked.length;
}
