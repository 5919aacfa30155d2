/**
 * Visitor forms (ADR 030; groups spec §3 "Form link", §5, §8): ManageForm.viewer lists, creates,
 * changes and deletes a client's forms (there is no editor right for forms: the spec knows only
 * the viewer); the public link shows a form and makes a real pre-registration from it.
 *
 * A form: a name (required, at most 100), at least one of the user's standard sites and one of the
 * client's standard groups, an optional introduction (rich text, sanitised on save), enabled. Its
 * token is 24 random bytes; deleting keeps the row so the link says "Form no longer exists" (410),
 * as a disabled form's does; a token never issued is 404 with the same words.
 *
 * Scope (issue 24 item 3; ADR 030 "Scope"): a user restricted to sites lists, reads, changes and
 * deletes only the forms whose every site is theirs (one that also offers another site is 404
 * "Form not found.", as another client's); what they save offers only their sites (422
 * `unknownSite`) and groups offered at one of them (422 `unknownGroup`).
 */
import type { z } from "zod";
import {
  FORM_LIMITS,
  FORM_LINK_PATH,
  FORM_MESSAGES as M,
  PRE_REG_MESSAGES,
  type FormLinkRequest,
  type FormLinkSubmit,
  type FormLinkView,
  type VisitorForm,
  type VisitorFormInput,
  type VisitorFormOptions,
} from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { randomToken, sha256 } from "../auth/crypto.ts";
import { RateLimiter } from "../auth/ratelimit.ts";
import { one, type Queryable } from "../db/index.ts";
import { forbidden, HttpError, notFound, validation } from "../http/errors.ts";
import { iso, visibleSites, type ClientRow } from "../clients/model.ts";
import { likePattern, pageParam, parseId } from "../sites/manage.ts";
import { abilities, requireActive, type Principal } from "../clients/regional.ts";
import { isBlankRichText, sanitizeRichText } from "../http/rich-text.ts";
import { preRegisterFromForm } from "../pre-registrations/create.ts";
import { jsonSitesReachClause } from "../scope/reach.ts";
import { arraySitesClause, scopeOf } from "../scope/scope.ts";

function requireForms(p: Principal): void {
  requireActive(p);
  if (!abilities(p).includes("ManageForm.viewer")) throw forbidden();
}

interface Row {
  id: number;
  name: string;
  site_ids: number[];
  group_ids: number[];
  intro: string | null;
  enabled: boolean;
  token: string;
  submissions: number;
  created_at: Date | string;
}

const SELECT = `SELECT f.id, f.name, f.site_ids, f.group_ids, f.intro, f.enabled, f.token, f.created_at,
  (SELECT count(*)::int FROM pre_registrations pr WHERE pr.form_id = f.id) AS submissions FROM forms f`;

export const formLink = (app: App, token: string) => `${app.opts.portalUrl}${FORM_LINK_PATH}/${token}`;

const toForm = (app: App, r: Row): VisitorForm => ({
  id: r.id,
  name: r.name,
  site_ids: r.site_ids,
  group_ids: r.group_ids,
  intro: r.intro,
  enabled: r.enabled,
  link: formLink(app, r.token),
  token: r.token,
  submissions: r.submissions,
  created_at: iso(r.created_at)!,
});

export async function listVisitorForms(app: App, p: Principal, query: URLSearchParams) {
  requireForms(p);
  const search = (query.get("search") ?? "").trim().slice(0, 100);
  const page = pageParam(query);
  const params: unknown[] = search ? [p.client.id, likePattern(search)] : [p.client.id];
  const where = `WHERE f.client_id = $1 AND f.deleted_at IS NULL${search ? " AND f.name ILIKE $2" : ""} AND ${arraySitesClause(scopeOf(p, "visitor-form"), "f.site_ids", params)}`;
  const count = await one<{ n: number }>(app.db, `SELECT count(*)::int AS n FROM forms f ${where}`, params);
  const rows = await app.db.query<Row>(`${SELECT} ${where} ORDER BY lower(f.name), f.id LIMIT ${FORM_LIMITS.perPage} OFFSET ${(page - 1) * FORM_LIMITS.perPage}`, params);
  return { forms: rows.map((r) => toForm(app, r)), page, per_page: FORM_LIMITS.perPage, total: count?.n ?? 0 };
}

/** What a form may offer: the user's standard sites, the client's standard groups offered at one of them. */
async function optionsOf(q: Queryable, p: Principal): Promise<VisitorFormOptions> {
  const sites = (await visibleSites(q, p.client.id, p.m.site_ids)).filter((s) => s.type === "standard").map((s) => ({ id: s.id as number, name: s.name as string }));
  const params: unknown[] = [p.client.id];
  const reach = jsonSitesReachClause(scopeOf(p, "visitor-form"), "site_ids", params);
  const groups = await q.query<{ id: number; name: string; site_ids: number[] | null }>(
    `SELECT id, name, site_ids FROM groups WHERE client_id = $1 AND type = 'standard' AND ${reach} ORDER BY position, id`,
    params,
  );
  return { sites, groups: groups.map((g) => ({ id: g.id, name: g.name, site_ids: g.site_ids ?? null })) };
}

export async function visitorFormOptions(app: App, p: Principal) {
  requireForms(p);
  return optionsOf(app.db, p);
}

/** Whether a group is offered at one of these sites (null: at every site). */
const offeredAtOneOf = (group: { site_ids: number[] | null }, siteIds: number[]) => group.site_ids === null || group.site_ids.some((s) => siteIds.includes(s));

/** The problems of a form (422 field errors; empty when none), and what is stored. */
export function formProblems(input: z.output<typeof VisitorFormInput>, options: VisitorFormOptions) {
  const errors: Record<string, string[]> = {};
  const name = input.name.replace(/[\u0000-\u001f\u007f]/g, " ").trim();
  if (!name) errors.name = [M.nameRequired];
  else if (name.length > FORM_LIMITS.name) errors.name = [M.nameTooLong];
  const siteIds = [...new Set(input.site_ids)];
  const groupIds = [...new Set(input.group_ids)];
  if (siteIds.length === 0) errors.site_ids = [M.sitesRequired];
  else if (siteIds.some((id) => !options.sites.some((s) => s.id === id))) errors.site_ids = [M.unknownSite];
  if (groupIds.length === 0) errors.group_ids = [M.groupsRequired];
  else if (groupIds.some((id) => !options.groups.some((g) => g.id === id))) errors.group_ids = [M.unknownGroup];
  else if (!errors.site_ids && groupIds.some((id) => !offeredAtOneOf(options.groups.find((g) => g.id === id)!, siteIds))) errors.group_ids = [M.groupNotAtSites];
  const raw = input.intro ?? "";
  const intro = raw.trim() === "" || isBlankRichText(raw) ? null : sanitizeRichText(raw);
  if (intro && intro.length > FORM_LIMITS.intro) errors.intro = [M.introTooLong];
  return { errors, value: { name, site_ids: siteIds, group_ids: groupIds, intro, enabled: input.enabled } };
}

/** A form of the client within the user's scope (else 404, as another client's). */
async function ownForm(q: Queryable, p: Principal, idParam: string): Promise<Row> {
  const id = parseId(idParam);
  const params: unknown[] = [id, p.client.id];
  const inScope = arraySitesClause(scopeOf(p, "visitor-form"), "f.site_ids", params);
  const row = Number.isNaN(id) ? undefined : await one<Row & { client_id: number }>(q, `${SELECT} WHERE f.id = $1 AND f.client_id = $2 AND f.deleted_at IS NULL AND ${inScope}`, params);
  if (!row) throw notFound(M.notFound);
  return row;
}

export async function getVisitorForm(app: App, p: Principal, idParam: string) {
  requireForms(p);
  return toForm(app, await ownForm(app.db, p, idParam));
}

export async function createVisitorForm(app: App, p: Principal, body: z.output<typeof VisitorFormInput>) {
  requireForms(p);
  const { errors, value } = formProblems(body, await optionsOf(app.db, p));
  if (Object.keys(errors).length) throw validation(errors);
  const [{ id }] = await app.db.query<{ id: number }>(
    "INSERT INTO forms (client_id, name, site_ids, group_ids, intro, enabled, token, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
    [p.client.id, value.name, value.site_ids, value.group_ids, value.intro, value.enabled, randomToken(24), p.user.id],
  );
  return getVisitorForm(app, p, String(id));
}

export async function updateVisitorForm(app: App, p: Principal, idParam: string, body: z.output<typeof VisitorFormInput>) {
  requireForms(p);
  const row = await ownForm(app.db, p, idParam);
  const { errors, value } = formProblems(body, await optionsOf(app.db, p));
  if (Object.keys(errors).length) throw validation(errors);
  await app.db.query("UPDATE forms SET name = $2, site_ids = $3, group_ids = $4, intro = $5, enabled = $6, updated_at = now() WHERE id = $1", [
    row.id,
    value.name,
    value.site_ids,
    value.group_ids,
    value.intro,
    value.enabled,
  ]);
  return getVisitorForm(app, p, String(row.id));
}

export async function deleteVisitorForm(app: App, p: Principal, idParam: string) {
  requireForms(p);
  const row = await ownForm(app.db, p, idParam);
  await app.db.query("UPDATE forms SET deleted_at = now(), enabled = false WHERE id = $1", [row.id]);
  return { message: "Form deleted." };
}

// ---------------------------------------------------------------------------------------------
// The public link
// ---------------------------------------------------------------------------------------------

const gone = () => new HttpError(410, { code: "form_gone", message: M.gone });

interface LinkRow extends Row {
  client_id: number;
  deleted_at: Date | string | null;
}

async function linkOf(app: App, token: string): Promise<{ form: LinkRow; client: ClientRow; view: FormLinkView }> {
  const form = /^[A-Za-z0-9_-]{20,100}$/.test(token) ? await one<LinkRow>(app.db, `${SELECT.replace("FROM forms f", ", f.client_id, f.deleted_at FROM forms f")} WHERE f.token = $1`, [token]) : undefined;
  if (!form) throw new HttpError(404, { code: "form_unknown", message: M.gone });
  if (form.deleted_at || !form.enabled) throw gone();
  const client = (await one<ClientRow>(app.db, "SELECT * FROM clients WHERE id = $1", [form.client_id]))!;
  const sites = (await visibleSites(app.db, client.id, null)).filter((s) => s.type === "standard" && form.site_ids.includes(s.id as number));
  const groups = await app.db.query<{ id: number; name: string; site_ids: number[] | null }>(
    "SELECT id, name, site_ids FROM groups WHERE client_id = $1 AND type = 'standard' AND id = ANY($2::int[]) ORDER BY position, id",
    [client.id, form.group_ids],
  );
  const siteIds = sites.map((s) => s.id as number);
  const offered = groups.map((g) => ({ id: g.id, name: g.name, site_ids: siteIds.filter((id) => g.site_ids === null || g.site_ids.includes(id)) })).filter((g) => g.site_ids.length > 0);
  // A form whose every site or group has gone since it was saved cannot be used either.
  if (sites.length === 0 || offered.length === 0) throw gone();
  return {
    form,
    client,
    view: {
      name: form.name,
      intro: form.intro,
      organisation: client.name,
      sites: sites.map((s) => ({ id: s.id as number, name: s.name as string, timezone: s.timezone as string })),
      groups: offered,
    },
  };
}

export async function viewFormLink(app: App, body: z.output<typeof FormLinkRequest>): Promise<FormLinkView> {
  return (await linkOf(app, body.token)).view;
}

// A small in-process throttle on submits: per link (60 in 10 minutes), per address (10 in 10
// minutes) and across the upstream (600 a minute); every submit counts, a refused one too.
const THROTTLES = {
  link: new RateLimiter(60, 10 * 60, { name: "form-link", countRefused: true }),
  address: new RateLimiter(10, 10 * 60, { name: "form-address", countRefused: true }),
  all: new RateLimiter(600, 60, { name: "form-all", countRefused: true }),
};
const throttled = async (limiter: RateLimiter, key: string) => !(await limiter.hit(key)).ok;
const TOO_MANY = PRE_REG_MESSAGES.tooMany;

export async function submitFormLink(app: App, body: z.output<typeof FormLinkSubmit>, address: string | null) {
  if ((await throttled(THROTTLES.link, sha256(body.token))) || (address && (await throttled(THROTTLES.address, address))) || (await throttled(THROTTLES.all, "all"))) {
    throw new HttpError(429, { message: TOO_MANY, errors: { name: [TOO_MANY] } }, { "retry-after": "600" });
  }
  const { form, client, view } = await linkOf(app, body.token);
  const problems: Record<string, string[]> = {};
  const site = view.sites.find((s) => s.id === body.site_id);
  if (!site) problems.site_id = [M.visitorSite];
  const group = view.groups.find((g) => g.id === body.group_id);
  if (!group || (site && !group.site_ids.includes(site.id))) problems.group_id = [M.visitorGroup];
  if (body.name.length > FORM_LIMITS.visitorName) problems.name = [M.visitorNameTooLong];
  if (body.email.length > FORM_LIMITS.email) problems.email = [PRE_REG_MESSAGES.email];
  if (Object.keys(problems).length) throw validation(problems);
  const status = await preRegisterFromForm(app, client as Principal["client"], form.id, {
    site_id: body.site_id,
    group_id: body.group_id,
    name: body.name,
    email: body.email,
    arrive_at: body.arrive_at,
    locale: body.locale ?? null,
    kind: "visit",
  });
  return { status: status === "pending" ? ("pending" as const) : ("expected" as const) };
}
