/**
 * Kiosk calls: what a front-desk iPad (or the companion app through it) sends. Not part of the
 * portal's contract (the portal never calls them); they exist so the demo and the tests can make
 * visits happen the way a real site does, and see the Today view and its events follow.
 *
 *   POST /{region}/api/v2/kiosk/sign-in    SignInRequest + optional location {lat,lng,accuracy}
 *                                          and source "kiosk" (default) | "companion"  -> Visit
 *   POST /{region}/api/v2/kiosk/sign-out   {visit_id} or {member_id}                   -> Visit
 *
 * Sign-out-first groups (ADR 015): `sign-out {member_id}` of a member of a group that signs out
 * first records their departure (an `away` visit, SignOutEvent), 422 when they are already out;
 * `sign-in {member_id}` of a member who is away records their return (the visit `returned`,
 * SignInEvent), 422 for a member of such a group who is not out. The count is unchanged by both.
 *   POST /{region}/api/v2/kiosk/evacuations {comment?}  start an evacuation of the site -> EvacuationSummary
 *   GET  /{region}/api/v2/kiosk/media                   the site's branding image, welcome video,
 *                                          message attachments and evacuation point photos as
 *                                          signed URLs (15 min) an <img>/<video> loads headerless
 *
 * Authorised by `Authorization: Device <token>` (a kiosk device; the device's site is the site);
 * missing or unknown token, or a device of the other region -> 401 `{code: "invalid_device"}`.
 * The same validation (422) and the same events (SignInEvent / SignOutEvent on private-Site.{id})
 * as the portal's calls. Answers never carry the location (no user holds Today.locations here).
 */
import { z } from "zod";
import { EvacuationSummary, REGIONS, SignInRequest, StartEvacuationRequest, Visit, VisitLocation } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { one } from "../db/index.ts";
import { notFound, validation, zodErrors } from "../http/errors.ts";
import type { Router } from "../http/router.ts";
import { departAt, signInAt, signOutVisit } from "../today/sign-in-out.ts";
import { toVisit, type VisitRow } from "../today/visit-rows.ts";
import { signOutFirstSql } from "../today/sign-out-first.ts";
import { startEvacuationAt } from "../evacuations/start.ts";
import { authenticateDevice } from "./device-auth.ts";
import { SIGNED_FILE_URL_SECONDS, signedFileUrl } from "../sites/uploads.ts";

/** What a kiosk shows from the site's files: signed URLs (null when there is no such file). */
export const KioskMedia = z.object({
  branding_image: z.string().nullable(),
  welcome_video: z.string().nullable(),
  messages: z.array(z.object({ id: z.number().int(), attachment: z.string().nullable() })),
  evacuation_points: z.array(z.object({ id: z.number().int(), photo: z.string().nullable() })),
  /** When the URLs stop working (ISO 8601): ask again before. */
  expires_at: z.string(),
});

export const KioskSignInRequest = SignInRequest.extend({
  location: VisitLocation.optional(),
  source: z.enum(["kiosk", "companion"]).default("kiosk"),
  /** The site's custom field answers (kept on the visit; the block list matches on them, ADR 029). */
  fields: z.array(z.object({ label: z.string().trim().min(1).max(100), value: z.string().trim().max(200) })).max(20).optional(),
});

export const KioskSignOutRequest = z
  .object({ visit_id: z.number().int().positive().optional(), member_id: z.number().int().positive().optional() })
  .refine((b) => (b.visit_id === undefined) !== (b.member_id === undefined), { message: "Send either visit_id or member_id.", path: ["visit_id"] });

function parse<T extends z.ZodType>(schema: T, raw: unknown): z.output<T> {
  const r = schema.safeParse(raw);
  if (!r.success) throw validation(zodErrors(r.error));
  return r.data;
}

export function registerKioskRoutes(router: Router, app: App): void {
  for (const region of REGIONS) {
    router.post(`/${region}/api/v2/kiosk/sign-in`, async (ctx) => {
      const site = await authenticateDevice(app, ctx.req, region);
      const b = parse(KioskSignInRequest, await ctx.readBody());
      const { location, source, fields, ...body } = b;
      const row = await signInAt(app, site, body, { source, location: location ?? null, fields: fields ?? null });
      return { body: toVisit(row, false) };
    });

    router.post(`/${region}/api/v2/kiosk/sign-out`, async (ctx) => {
      const site = await authenticateDevice(app, ctx.req, region);
      const b = parse(KioskSignOutRequest, await ctx.readBody());
      let visit: Pick<VisitRow, "id" | "site_id"> | undefined;
      if (b.visit_id !== undefined) {
        visit = await one(app.db, "SELECT id, site_id FROM visits WHERE id = $1 AND site_id = $2", [b.visit_id, site.id]);
        if (!visit) throw notFound("Visit not found.");
        return { body: toVisit(await signOutVisit(app, visit), false) };
      }
      const member = await one<{ id: number; group_id: number; sign_out_first: boolean }>(
        app.db,
        // A group not shown at this site is not left from here: its member reads as an ordinary one.
        `SELECT m.id, m.group_id, ${signOutFirstSql("g")} AND (g.site_ids IS NULL OR g.site_ids @> jsonb_build_array($3::int)) AS sign_out_first
           FROM members m JOIN groups g ON g.id = m.group_id WHERE m.id = $1 AND g.client_id = $2`,
        [b.member_id, site.client_id, site.id],
      );
      if (!member) throw validation({ member_id: ["The selected member is not in a group of this site"] });
      if (member.sign_out_first) return { body: toVisit(await departAt(app, site, { group_id: member.group_id, member_id: member.id }, "kiosk"), false) };
      visit = await one(app.db, "SELECT id, site_id FROM visits WHERE member_id = $1 AND site_id = $2 AND status = 'signed_in' ORDER BY id DESC LIMIT 1", [
        member.id,
        site.id,
      ]);
      if (!visit) throw validation({ member_id: ["This member is not signed in"] });
      return { body: toVisit(await signOutVisit(app, visit, "member_id"), false) };
    });

    router.get(`/${region}/api/v2/kiosk/media`, async (ctx) => {
      const site = await authenticateDevice(app, ctx.req, region);
      const now = Date.now();
      const url = (name: string | null) => (name ? signedFileUrl(app, region, name, SIGNED_FILE_URL_SECONDS, now) : null);
      const s = await one<{ branding_image: string | null; welcome_video: string | null }>(app.db, "SELECT branding_image, welcome_video FROM sites WHERE id = $1", [site.id]);
      const messages = await app.db.query<{ id: number; token: string | null; kind: string | null }>(
        "SELECT m.id, f.token, f.kind FROM site_messages m LEFT JOIN files f ON f.id = m.attachment_file_id WHERE m.site_id = $1 ORDER BY m.position, m.id",
        [site.id],
      );
      const points = await app.db.query<{ id: number; photo: string | null }>("SELECT id, photo FROM evacuation_points WHERE site_id = $1 ORDER BY position, id", [site.id]);
      const body: z.input<typeof KioskMedia> = {
        branding_image: url(s?.branding_image ?? null),
        welcome_video: url(s?.welcome_video ?? null),
        messages: messages.map((m) => ({ id: m.id, attachment: url(m.token ? `${m.token}.${m.kind}` : null) })),
        evacuation_points: points.map((p) => ({ id: p.id, photo: url(p.photo) })),
        expires_at: new Date(Math.floor(now / 1000) * 1000 + SIGNED_FILE_URL_SECONDS * 1000).toISOString(),
      };
      return { body };
    });

    router.post(`/${region}/api/v2/kiosk/evacuations`, async (ctx) => {
      const site = await authenticateDevice(app, ctx.req, region);
      const b = parse(StartEvacuationRequest, await ctx.readBody());
      return { body: await startEvacuationAt(app, site.id, { name: "Front desk kiosk", userId: null }, b.comment) };
    });
  }
}

/** OpenAPI paths of the kiosk calls (merged into the served document). */
export function kioskOpenApiPaths(): Record<string, Record<string, unknown>> {
  const json = (schema: z.ZodType, io: "input" | "output" = "output") => ({
    "application/json": { schema: z.toJSONSchema(schema, { io, unrepresentable: "any" }) },
  });
  const op = (operationId: string, summary: string, body: z.ZodType, response: z.ZodType = Visit) => ({
    post: {
      operationId,
      summary,
      tags: ["kiosk"],
      security: [{ device: [] }],
      requestBody: { required: true, content: json(body, "input") },
      responses: {
        "200": { description: "OK", content: json(response) },
        "401": { description: "Missing or unknown device token (`invalid_device`)" },
        "422": { description: "Validation errors (field -> messages)" },
      },
    },
  });
  return {
    "/kiosk/sign-in": op(
      "kioskSignIn",
      "Front-desk kiosk: sign a visitor or member in, or a sign-out-first member who is away back in (Authorization: Device <token>); broadcasts SignInEvent",
      KioskSignInRequest,
    ),
    "/kiosk/evacuations": op(
      "kioskStartEvacuation",
      "Front-desk kiosk: start an evacuation of the device's site (422 when one is in progress); broadcasts EvacuationCreatedEvent",
      StartEvacuationRequest,
      EvacuationSummary,
    ),
    "/kiosk/media": {
      get: {
        operationId: "kioskMedia",
        summary: "Front-desk kiosk: the site's files (branding image, welcome video, message attachments, evacuation point photos) as signed URLs valid 15 minutes",
        tags: ["kiosk"],
        security: [{ device: [] }],
        responses: { "200": { description: "OK", content: json(KioskMedia) }, "401": { description: "Missing or unknown device token (`invalid_device`)" } },
      },
    },
    "/kiosk/sign-out": op(
      "kioskSignOut",
      "Front-desk kiosk: sign a visit (visit_id) or a member (member_id) out; a member of a sign-out-first group leaves (an away visit); broadcasts SignOutEvent",
      KioskSignOutRequest,
    ),
  };
}
