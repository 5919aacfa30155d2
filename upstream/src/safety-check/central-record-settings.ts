/**
 * The Central Record requirement at sign-in (/manage/safety-check/sign-in-central-record; ADR 029):
 * Client.update, active client with `central_record.enabled` (403 otherwise). Which groups (those
 * whose integrations tab links Central Record, or chosen ones), the rating systems that must pass
 * (none chosen: the group's own, else every system), the minimum rating, and what to do when the
 * record cannot be reached.
 */
import type { z } from "zod";
import { SAFETY_CHECK_MESSAGES as M, type CentralRecordSignIn, type CentralRecordSignInPage } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { one } from "../db/index.ts";
import { forbidden, validation } from "../http/errors.ts";
import { globalId } from "../clients/model.ts";
import { abilities, requireActive, type Principal } from "../clients/regional.ts";
import { readCentralRecord } from "../central-record/client.ts";

const DEFAULTS: CentralRecordSignIn = { enabled: false, groups: "linked", group_ids: [], rating_systems: [], minimum_rating: "pass", when_unreachable: "reject" };

function requireCentralRecord(p: Principal): void {
  requireActive(p);
  if (!abilities(p).includes("Client.update")) throw forbidden("You are not authorised to change the account's settings.");
  if ((p.client.settings as { central_record?: { enabled?: unknown } }).central_record?.enabled !== true) throw forbidden(M.centralRecordOff);
}

async function readSettings(app: App, clientId: number): Promise<CentralRecordSignIn> {
  const r = await one<{ central_record_enabled: boolean; central_record_groups: "linked" | "chosen"; group_ids: number[]; rating_systems: string[]; minimum_rating: "pass" | "warning"; when_unreachable: "reject" | "allow_flagged" }>(
    app.db,
    "SELECT * FROM safety_check_settings WHERE client_id = $1",
    [clientId],
  );
  if (!r) return DEFAULTS;
  return { enabled: r.central_record_enabled, groups: r.central_record_groups, group_ids: r.group_ids, rating_systems: r.rating_systems, minimum_rating: r.minimum_rating, when_unreachable: r.when_unreachable };
}

async function page(app: App, p: Principal): Promise<CentralRecordSignInPage> {
  const groups = await app.db.query<{ id: number; name: string; linked: boolean }>(
    "SELECT id, name, coalesce(settings->'central_record'->>'organisation_id', '') <> '' AS linked FROM groups WHERE client_id = $1 ORDER BY position, id",
    [p.client.id],
  );
  const record = await readCentralRecord(app, globalId(p.client));
  return { settings: await readSettings(app, p.client.id), groups, rating_systems: record.rating_systems, error: record.error };
}

export async function getCentralRecordSignIn(app: App, p: Principal): Promise<CentralRecordSignInPage> {
  requireCentralRecord(p);
  return page(app, p);
}

export async function updateCentralRecordSignIn(app: App, p: Principal, body: z.output<typeof import("../../contract/index.ts").CentralRecordSignIn>): Promise<CentralRecordSignInPage> {
  requireCentralRecord(p);
  const groups = await app.db.query<{ id: number }>("SELECT id FROM groups WHERE client_id = $1", [p.client.id]);
  if (body.group_ids.some((id) => !groups.some((g) => g.id === id))) throw validation({ group_ids: [M.group] });
  const record = await readCentralRecord(app, globalId(p.client));
  if (!record.error && body.rating_systems.some((s) => !record.rating_systems.some((r) => r.id === s))) throw validation({ rating_systems: [M.ratingSystem] });
  await app.db.query(
    `INSERT INTO safety_check_settings (client_id, central_record_enabled, central_record_groups, group_ids, rating_systems, minimum_rating, when_unreachable)
     VALUES ($1, $2, $3, $4::int[], $5::text[], $6, $7)
     ON CONFLICT (client_id) DO UPDATE SET central_record_enabled = $2, central_record_groups = $3, group_ids = $4::int[], rating_systems = $5::text[],
       minimum_rating = $6, when_unreachable = $7, updated_at = now()`,
    [p.client.id, body.enabled, body.groups, [...new Set(body.group_ids)], [...new Set(body.rating_systems)], body.minimum_rating, body.when_unreachable],
  );
  return page(app, p);
}
