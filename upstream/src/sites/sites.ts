/**
 * Manage sites and events: the overview list, one site with every field of the entity, create,
 * update and delete (platform §2, §3, §5, §6, §8). Rules beyond the schemas in the contract:
 *  - the site limit: standard and remote sites count against `clients.site_limit` (events do not);
 *    checked under the client's row lock, so two concurrent creations cannot both pass;
 *  - an event's start and end are locked once the event has begun (sending the same values is fine,
 *    as a form resends every field);
 *  - the geofence needs a location; a badge must be one of the client's templates;
 *  - users limited to some sites cannot add sites (they could not see them);
 *  - deleting needs the typed name, and no evacuation in progress.
 */
import type { z } from "zod";
import {
  CreateSiteRequest,
  DeleteSiteRequest,
  MANAGE_LIMITS,
  ManagedSiteList,
  SITE_LIMIT_MESSAGE,
  SITE_KINDS,
  siteDateProblems,
  type SiteDetails,
  type SitePrivacy,
  UpdateSiteRequest,
} from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { one, type Queryable } from "../db/index.ts";
import { forbidden, validation } from "../http/errors.ts";
import { iso, SITE_COLS, SITE_COUNT_SQL, toSite } from "../clients/model.ts";
import { scopeOf, siteClause } from "../scope/scope.ts";
import { changeSite, likePattern, managedSite, pageParam, readSite, type SiteRow } from "./manage.ts";
import { deleteFile, storeFile, type UploadedFile } from "./uploads.ts";
import { abilities, requireActive, type Principal } from "../clients/regional.ts";

/** Privacy flags a site has until someone changes them. */
export const PRIVACY_DEFAULTS: SitePrivacy = {
  autocomplete: true,
  hide_sign_outs: false,
  full_name_reveal: false,
  hide_branding: false,
  exact_pre_registration_match: false,
  store_badges: true,
  store_location_data: false,
};

const hasBegun = (s: Pick<SiteRow, "type" | "active_from">) =>
  s.type === "event" && s.active_from !== null && new Date(s.active_from as string | Date).getTime() <= Date.now();

export async function toSiteDetails(q: Queryable, r: SiteRow): Promise<z.input<typeof SiteDetails>> {
  const favourites = await q.query<{ id: number }>("SELECT id FROM custom_fields WHERE site_id = $1 AND favourite ORDER BY position, id", [r.id]);
  return {
    ...toSite(r),
    emails: (r.emails as string | null) ?? null,
    on_site_report_schedules: (r.on_site_report_schedules as { time: string; emails: string }[]) ?? [],
    send_empty: r.send_empty as boolean,
    favourite_fields: favourites.map((f) => f.id),
    contactless: r.contactless as boolean,
    visitor_photos: r.visitor_photos as boolean,
    qr_scanning: r.qr_scanning as boolean,
    privacy: { ...PRIVACY_DEFAULTS, ...(r.privacy ?? {}) },
    geofence_sign_in: r.geofence_sign_in as boolean,
    geofence_sign_out: r.geofence_sign_out as boolean,
    dates_locked: hasBegun(r),
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
  };
}

async function details(q: Queryable, siteId: number) {
  return toSiteDetails(q, (await one<SiteRow>(q, `SELECT ${SITE_COLS} FROM sites s WHERE s.id = $1`, [siteId]))!);
}

/** Standard and remote sites of a client: what the site limit counts. */
export async function countedSites(q: Queryable, clientId: number): Promise<number> {
  return (await one<{ n: number }>(q, "SELECT count(*)::int AS n FROM sites WHERE client_id = $1 AND type IN ('standard', 'remote')", [clientId]))!.n;
}

// ---------------------------------------------------------------------------------------------
// The overview
// ---------------------------------------------------------------------------------------------

/**
 * `kind=sites` (standard and remote, by name; ManageSite.viewer) or `kind=events` (newest start
 * first; ManageEvent.viewer); without `kind`, sites when the user may view them, else events.
 */
export async function listManagedSites(app: App, p: Principal, query: URLSearchParams): Promise<z.input<typeof ManagedSiteList>> {
  requireActive(p);
  const rights = abilities(p);
  const param = query.get("kind");
  if (param !== null && param !== "" && !(SITE_KINDS as readonly string[]).includes(param)) throw validation({ kind: ["The kind must be sites or events"] });
  const kind = (param || (!rights.includes("ManageSite.viewer") && rights.includes("ManageEvent.viewer") ? "events" : "sites")) as (typeof SITE_KINDS)[number];
  if (!rights.includes(kind === "sites" ? "ManageSite.viewer" : "ManageEvent.viewer")) {
    throw forbidden(kind === "sites" ? "You are not authorised to view sites." : "You are not authorised to view events.");
  }
  const search = (query.get("search") ?? "").trim().slice(0, 100);
  const page = pageParam(query);
  const types = kind === "sites" ? ["standard", "remote"] : ["event"];
  const params: unknown[] = [p.client.id, types, search, likePattern(search)];
  const where = `s.client_id = $1 AND s.type = ANY($2::text[]) AND ($3::text = '' OR s.name ILIKE $4 ESCAPE '\\')
    AND ${siteClause(scopeOf(p, "site"), "s.id", params)}`;
  const [{ total }] = await app.db.query<{ total: number }>(`SELECT count(*)::int AS total FROM sites s WHERE ${where}`, params);
  const offline = `(d.last_seen_at IS NULL OR d.last_seen_at < now() - interval '${MANAGE_LIMITS.deviceOfflineAfterMinutes} minutes')`;
  const rows = await app.db.query<Record<string, unknown>>(
    `SELECT s.id, s.type, s.name, s.address, s.timezone, s.active_from, s.active_until, ${SITE_COUNT_SQL} AS visitors_signed_in_count,
            (SELECT count(*)::int FROM devices d WHERE d.site_id = s.id) AS devices_total,
            (SELECT count(*)::int FROM devices d WHERE d.site_id = s.id AND ${offline}) AS devices_offline
       FROM sites s WHERE ${where}
      ORDER BY ${kind === "sites" ? "lower(s.name), s.id" : "s.active_from DESC NULLS LAST, s.id DESC"}
      LIMIT ${MANAGE_LIMITS.perPage} OFFSET $6`,
    [...params, (page - 1) * MANAGE_LIMITS.perPage],
  );
  return {
    kind,
    sites: rows.map((r) => ({
      id: r.id as number,
      type: r.type as "standard",
      name: r.name as string,
      address: (r.address as string | null) ?? null,
      timezone: r.timezone as string,
      active_from: iso(r.active_from),
      active_until: iso(r.active_until),
      visitors_signed_in_count: r.visitors_signed_in_count as number,
      devices: { total: r.devices_total as number, offline: r.devices_offline as number },
    })),
    page,
    per_page: MANAGE_LIMITS.perPage,
    total,
    site_limit: p.client.site_limit,
    site_count: await countedSites(app.db, p.client.id),
  };
}

// ---------------------------------------------------------------------------------------------
// One site
// ---------------------------------------------------------------------------------------------

export const getManagedSite = (app: App, p: Principal, idParam: string) => readSite(app, p, idParam, (q, site) => toSiteDetails(q, site));

export async function createSite(app: App, p: Principal, body: z.infer<typeof CreateSiteRequest>) {
  requireActive(p);
  const event = body.type === "event";
  if (!abilities(p).includes(event ? "ManageEvent.editor" : "ManageSite.editor")) {
    throw forbidden(event ? "You are not authorised to add events." : "You are not authorised to add sites.");
  }
  // A new site is outside every site scope (ADR 031): only users with every site add sites.
  if (scopeOf(p, "site").kind !== "all") throw forbidden("Users limited to some sites cannot add sites.");
  return app.db.tx(async (q) => {
    if (!event) {
      // The client's row lock serialises creations, so the count cannot be passed concurrently.
      const client = await one<{ site_limit: number | null }>(q, "SELECT site_limit FROM clients WHERE id = $1 FOR UPDATE", [p.client.id]);
      const limit = client?.site_limit ?? null;
      if (limit !== null && (await countedSites(q, p.client.id)) >= limit) throw validation({ site_limit: [SITE_LIMIT_MESSAGE(limit)] });
    }
    const [{ id }] = await q.query<{ id: number }>(
      `INSERT INTO sites (client_id, type, name, address, reply_to_name, reply_to_email, timezone, locale, location, active_from, active_until, position)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10::timestamptz, $11::timestamptz,
               (SELECT coalesce(max(position), -1) + 1 FROM sites WHERE client_id = $1)) RETURNING id`,
      [
        p.client.id,
        body.type,
        body.name,
        body.address ?? null,
        body.reply_to_name ?? null,
        body.reply_to_email,
        body.timezone,
        body.locale,
        body.location ? JSON.stringify(body.location) : null,
        event ? body.active_from : null,
        event ? body.active_until : null,
      ],
    );
    return details(q, id);
  });
}

/** Whether a PATCH changes a stored date (null and equal instants compare as such). */
const changesDate = (sent: string | null | undefined, stored: Date | string | null) =>
  sent !== undefined && (sent === null || stored === null ? sent !== stored : Date.parse(sent) !== new Date(stored).getTime());

/** Columns a PATCH may set directly, with their SQL cast. */
const COLUMNS: Partial<Record<keyof z.infer<typeof UpdateSiteRequest>, string>> = {
  name: "",
  address: "",
  reply_to_name: "",
  reply_to_email: "",
  timezone: "",
  locale: "",
  location: "::jsonb",
  badge_id: "::int",
  active_from: "::timestamptz",
  active_until: "::timestamptz",
  emails: "",
  on_site_report_schedules: "::jsonb",
  send_empty: "",
  contactless: "",
  visitor_photos: "",
  qr_scanning: "",
  geofence_sign_in: "",
  geofence_sign_out: "",
};

export async function updateSite(app: App, p: Principal, idParam: string, body: z.infer<typeof UpdateSiteRequest>) {
  return changeSite(app, p, idParam, async (q, site) => {
    const datesSent = body.active_from !== undefined || body.active_until !== undefined;
    if (hasBegun(site) && (changesDate(body.active_from, site.active_from) || changesDate(body.active_until, site.active_until))) {
      throw validation({ active_from: ["The event has begun: its start and end dates can no longer be changed"] });
    }
    if (datesSent) {
      const problems = siteDateProblems({
        type: site.type,
        active_from: body.active_from !== undefined ? body.active_from : iso(site.active_from),
        active_until: body.active_until !== undefined ? body.active_until : iso(site.active_until),
      });
      if (Object.keys(problems).length) throw validation(Object.fromEntries(Object.entries(problems).map(([k, v]) => [k, [v]])));
    }
    const location = body.location !== undefined ? body.location : site.location;
    const geofence = (body.geofence_sign_in ?? (site.geofence_sign_in as boolean)) || (body.geofence_sign_out ?? (site.geofence_sign_out as boolean));
    if (geofence && !location) {
      throw validation({ [body.geofence_sign_in ? "geofence_sign_in" : body.geofence_sign_out ? "geofence_sign_out" : "location"]: ["Set the site's location before turning on the geofence"] });
    }
    if (body.badge_id != null && !(await one(q, "SELECT 1 FROM badges WHERE id = $1 AND client_id = $2", [body.badge_id, p.client.id]))) {
      throw validation({ badge_id: ["Choose one of your badges"] });
    }

    const sets: string[] = [];
    const params: unknown[] = [site.id];
    for (const [key, cast] of Object.entries(COLUMNS) as [keyof typeof body, string][]) {
      const value = body[key];
      if (value === undefined) continue;
      params.push(cast === "::jsonb" && value !== null ? JSON.stringify(value) : value);
      sets.push(`${key} = $${params.length}${cast}`);
    }
    if (body.privacy !== undefined) {
      params.push(JSON.stringify(body.privacy));
      sets.push(`privacy = privacy || $${params.length}::jsonb`);
    }
    if (sets.length) await q.query(`UPDATE sites SET ${sets.join(", ")} WHERE id = $1`, params);
    return details(q, site.id);
  });
}

export async function deleteSite(app: App, p: Principal, idParam: string, body: z.infer<typeof DeleteSiteRequest>) {
  return changeSite(app, p, idParam, async (q, site) => {
    if (body.name.trim() !== site.name) throw validation({ name: [`Type the name of the ${site.type === "event" ? "event" : "site"} to delete it`] });
    if (await one(q, "SELECT 1 FROM evacuations WHERE site_id = $1 AND status <> 'completed'", [site.id])) {
      throw validation({ name: ["An evacuation is in progress at this site: complete it first"] });
    }
    // Visits, devices, fields, points, files, … go with it (ON DELETE CASCADE).
    await q.query("DELETE FROM sites WHERE id = $1", [site.id]);
    return { message: site.type === "event" ? "The event has been deleted." : "The site has been deleted." };
  });
}

// ---------------------------------------------------------------------------------------------
// Branding image and welcome video
// ---------------------------------------------------------------------------------------------

/**
 * Replace (or remove, with null) a site's file. Access is checked before the upload is read, so a
 * foreign or forbidden site never costs reading 50 MB; the change itself is one transaction.
 */
export async function setSiteFile(app: App, p: Principal, idParam: string, column: "branding_image" | "welcome_video", upload: (() => Promise<UploadedFile>) | null) {
  await managedSite(app.db, p, idParam, "editor");
  const file = upload ? await upload() : null;
  return changeSite(app, p, idParam, async (q, site) => {
    const old = site[`${column}_file_id`] as number | null;
    const stored = file ? await storeFile(app, q, site.id, file) : null;
    await q.query(`UPDATE sites SET ${column} = $2, ${column}_file_id = $3 WHERE id = $1`, [site.id, stored?.name ?? null, stored?.id ?? null]);
    await deleteFile(q, old);
    return details(q, site.id);
  });
}
