/**
 * Magic links (issue 15 §5; platform §2 /magic-link/*; ADR 019). A link is a random token (32
 * bytes, base64url) of which only the SHA-256 is stored, scoped to one pre-registration and one
 * purpose, expiring at the end of the arrival day in the site's timezone. Reading it (the
 * portal's GET, a HEAD, a mail scanner's prefetch) never consumes it; the visitor's POST does, once,
 * in one conditional UPDATE. Declining, cancelling or signing in revokes a pre-registration's links.
 * An unknown (never issued, or altered) token is 404; a known one that may not be used says why
 * (used, expired, revoked) in a 409 whose `code` names it.
 */
import type { z } from "zod";
import { PRE_REG_LIMITS, PRE_REG_MESSAGES as M, type MagicLinkPurpose, type MagicLinkRequest, type MagicLinkSubmit, type MagicLinkView } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { randomToken, sha256 } from "../auth/crypto.ts";
import { RateLimiter } from "../auth/ratelimit.ts";
import { one, type Queryable } from "../db/index.ts";
import { clientCountry, toE164 } from "../members/core.ts";
import { HttpError, notFound, validation } from "../http/errors.ts";
import { iso } from "../clients/model.ts";
import type { UploadedFile } from "../sites/uploads.ts";
import { checkAnswers, documentCount, documentsOf, formFields, storeDocument } from "./fields-documents.ts";

/** Issue the links of a pre-registration (any older ones revoked): the change request always, the form when asked. */
export async function issueLinks(app: App, q: Queryable, preRegistrationId: number, withForm: boolean): Promise<{ form: string | null; change: string }> {
  await revokeLinks(q, preRegistrationId);
  const make = async (purpose: MagicLinkPurpose) => {
    const token = randomToken(32);
    await q.query(
      `INSERT INTO magic_links (token_hash, pre_registration_id, purpose, expires_at)
       SELECT $1, pr.id, $3, (date_trunc('day', pr.arrive_at AT TIME ZONE s.timezone) + interval '1 day') AT TIME ZONE s.timezone
         FROM pre_registrations pr JOIN sites s ON s.id = pr.site_id WHERE pr.id = $2`,
      [sha256(token), preRegistrationId, purpose],
    );
    return `${app.opts.portalUrl}/magic-link/${purpose}?token=${token}`;
  };
  return { form: withForm ? await make("pre-registration-form") : null, change: await make("visitor-change-request") };
}

export async function revokeLinks(q: Queryable, preRegistrationId: number): Promise<void> {
  await q.query("UPDATE magic_links SET revoked_at = now() WHERE pre_registration_id = $1 AND revoked_at IS NULL AND used_at IS NULL", [preRegistrationId]);
}

interface LinkRow {
  token_hash: string;
  pre_registration_id: number;
  purpose: MagicLinkPurpose;
  expires_at: Date | string;
  used_at: Date | string | null;
  revoked_at: Date | string | null;
  expired: boolean;
  locale: string;
  name: string;
  company: string | null;
  host: string | null;
  arrive_at: Date | string;
  site_name: string;
  timezone: string;
  group_name: string;
  client_settings: unknown;
  site_id: number;
  group_id: number;
}

async function linkOf(q: Queryable, body: z.output<typeof MagicLinkRequest>, lock = false): Promise<LinkRow> {
  const row = await one<LinkRow>(
    q,
    `SELECT ml.*, ml.expires_at <= now() AS expired, pr.site_id, pr.group_id, pr.locale, pr.name, pr.company, pr.host, pr.arrive_at, s.name AS site_name, s.timezone, g.name AS group_name, c.settings AS client_settings
       FROM magic_links ml JOIN pre_registrations pr ON pr.id = ml.pre_registration_id JOIN sites s ON s.id = pr.site_id
       JOIN groups g ON g.id = pr.group_id JOIN clients c ON c.id = pr.client_id
      WHERE ml.token_hash = $1 AND ml.purpose = $2${lock ? " FOR UPDATE OF ml" : ""}`,
    [sha256(body.token), body.purpose],
  );
  if (!row) throw notFound(M.linkInvalid);
  return row;
}

const stateOf = (r: LinkRow): MagicLinkView["state"] => (r.used_at ? "used" : r.revoked_at ? "revoked" : r.expired ? "expired" : "open");

/** The link's view: for the form, its custom fields and the documents sent so far. */
async function viewOf(q: Queryable, r: LinkRow, state = stateOf(r)): Promise<MagicLinkView> {
  const form = r.purpose === "pre-registration-form";
  const { fields, kiosk } = form ? await formFields(q, r.site_id, r.group_id) : { fields: [], kiosk: [] };
  const documents = form ? ((await documentsOf(q, [r.pre_registration_id])).get(r.pre_registration_id) ?? []).map((d) => ({ filename: d.filename, size: d.size })) : [];
  return { ...baseView(r, state), fields, kiosk_fields: kiosk, documents };
}

const baseView = (r: LinkRow, state: MagicLinkView["state"]) => ({
  state,
  purpose: r.purpose,
  locale: r.locale,
  name: r.name,
  site: r.site_name,
  group: r.group_name,
  host: r.host ?? null,
  arrive_at: iso(r.arrive_at)!,
  timezone: r.timezone,
  company: r.company ?? null,
});

/** What a link opens; never changes anything. */
export async function viewMagicLink(app: App, body: z.output<typeof MagicLinkRequest>): Promise<MagicLinkView> {
  return viewOf(app.db, await linkOf(app.db, body));
}

// A small in-process throttle on submits: per link and across the upstream (the portal throttles per client address too).
// Every submit counts, a refused one too: 10 per link in 10 minutes, 600 a minute in all.
const PER_LINK = new RateLimiter(10, 10 * 60, { name: "magic-link", countRefused: true });
const GLOBAL = new RateLimiter(600, 60, { name: "magic-links", countRefused: true });

/** The visitor's POST: checks the form, then consumes the link once and stores what was sent on the pre-registration. */
async function throttle(token: string): Promise<void> {
  if (!(await PER_LINK.hit(sha256(token))).ok || !(await GLOBAL.hit("all")).ok) {
    throw new HttpError(429, { message: M.tooMany, errors: { token: [M.tooMany] } }, { "retry-after": "600" });
  }
}

const notOpen = (state: string) => new HttpError(409, { code: `link_${state}`, message: `This link has been ${state}` });

/**
 * One document for the visitor's form (`?token=`, multipart `file`): checked before the file is
 * read (a known, open form link with room for another; throttled as submits are) and again under
 * the link's row lock. Never uses the link.
 */
export async function uploadMagicLinkDocument(app: App, query: URLSearchParams, upload: () => Promise<UploadedFile>): Promise<MagicLinkView> {
  const body = { token: (query.get("token") ?? "").slice(0, 200), purpose: "pre-registration-form" as const };
  if (!body.token) throw notFound(M.linkInvalid);
  await throttle(body.token);
  const admit = async (q: Queryable) => {
    const link = await linkOf(q, body, q !== app.db);
    const state = stateOf(link);
    if (state !== "open") throw notOpen(state);
    if ((await documentCount(q, link.pre_registration_id)) >= PRE_REG_LIMITS.documents) throw validation({ file: [M.documentsFull] });
    return link;
  };
  await admit(app.db);
  const file = await upload();
  return app.db.tx(async (q) => {
    const link = await admit(q);
    await storeDocument(q, link.pre_registration_id, file);
    return viewOf(q, link);
  });
}

export async function submitMagicLink(app: App, body: z.output<typeof MagicLinkSubmit>): Promise<MagicLinkView> {
  await throttle(body.token);
  const clean = (s: string | null | undefined) => (s && s.trim() ? s.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "").trim() : null);
  return app.db.tx(async (q) => {
    const link = await linkOf(q, body, true);
    const state = stateOf(link);
    if (state !== "open") throw notOpen(state);
    let update: { sql: string; values: unknown[] };
    const at = new Date().toISOString();
    if (link.purpose === "pre-registration-form") {
      const mobileIn = clean(body.mobile);
      const country = clientCountry(link.client_settings);
      const mobile = mobileIn ? toE164(mobileIn, country) : null;
      const { fields } = await formFields(q, link.site_id, link.group_id);
      const { answers, problems } = checkAnswers(fields, body.fields, country);
      if (mobileIn && !mobile) problems.mobile = [M.mobile];
      if (Object.keys(problems).length) throw validation(problems);
      const details = { company: clean(body.company), mobile, message: clean(body.message), submitted_at: at };
      update = {
        sql: "UPDATE pre_registrations SET details = $2::jsonb, company = coalesce($3, company), fields = $4::jsonb WHERE id = $1",
        values: [JSON.stringify(details), details.company, JSON.stringify(answers)],
      };
    } else {
      if (!body.change) throw validation({ change: [M.changeKind] });
      let arrive: string | null = null;
      if (body.change === "change") {
        const wanted = clean(body.arrive_at);
        const row = wanted && /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}$/.test(wanted) ? await one<{ at: Date | string }>(q, "SELECT ($1::timestamp AT TIME ZONE $2) AS at", [wanted.replace(" ", "T"), link.timezone]).catch(() => undefined) : undefined;
        const when = row ? new Date(row.at) : null;
        if (!when || Number.isNaN(when.getTime()) || when.getTime() <= Date.now()) throw validation({ arrive_at: [M.arrivalFuture] });
        if (when.getUTCFullYear() >= 2038) throw validation({ arrive_at: [M.before2038] });
        arrive = when.toISOString();
      }
      const request = { kind: body.change, arrive_at: arrive, message: clean(body.message), submitted_at: at };
      update = { sql: "UPDATE pre_registrations SET change_request = $2::jsonb WHERE id = $1", values: [JSON.stringify(request)] };
    }
    const used = await q.query("UPDATE magic_links SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > now() RETURNING token_hash", [link.token_hash]);
    if (!used.length) throw new HttpError(409, { code: "link_used", message: "This link has been used" });
    await q.query(update.sql, [link.pre_registration_id, ...update.values]);
    return viewOf(q, link, "used");
  });
}
