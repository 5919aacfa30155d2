/**
 * Pre-registrations and scheduled visits of standard groups (issue 15 §4; groups spec §1, §4, §5,
 * §9; ADR 019). Pending only when the group needs approval (`groups.approval_required`), else
 * expected; approve / decline (Today.approve), cancel and sign in (Today.signInOut). Signing in is
 * Today's own sign-in (`signInAt` in ../today/sign-in-out.ts), so Today and realtime see the visit. The
 * invitation email (the group's pre-reg subject and message, in the visitor's language, with its
 * magic links) goes to the outbox once the pre-registration is expected. Here: reading, the
 * invitation and changing; creating one and importing a file: create.ts; the rows and rights: rows.ts.
 */
import { PRE_REG_LIMITS, PRE_REG_MESSAGES as M, type PreRegStatus } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { one, type Queryable } from "../db/index.ts";
import { validation } from "../http/errors.ts";
import { jsonReachesClause, scopeOf, siteClause } from "../scope/scope.ts";
import { scopedSites } from "../scope/sites.ts";
import type { Principal } from "../clients/regional.ts";
import { requireRight } from "../auth/policy.ts";
import { signInAt } from "../today/sign-in-out.ts";
import { blockListed } from "../safety-check/check.ts";
import { issueLinks, revokeLinks } from "./magic-links.ts";
import { invitationEmail } from "./email.ts";
import { deleteDocuments } from "./fields-documents.ts";
import { COLS, flagOn, FROM, parseId, RIGHT_MESSAGES, servicesOf, shown, visible, withDocuments, type GroupRow, type Row } from "./rows.ts";

/** Every right asked; active accounts only (the access table's /today pages are; ADR 034). */
const RULE = { activeOnly: true, message: RIGHT_MESSAGES } as const;

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export async function listPreRegistrations(app: App, p: Principal, query: URLSearchParams) {
  requireRight(p, "Today.viewer", RULE);
  const siteParam = query.get("site_id");
  const siteId = siteParam ? parseId(siteParam) : null;
  const date = query.get("date");
  const page = Math.max(1, Math.min(10_000, Number.parseInt(query.get("page") ?? "1", 10) || 1));
  const per = PRE_REG_LIMITS.perPage;
  const params: unknown[] = [p.client.id];
  const inScope = siteClause(scopeOf(p, "pre-registration"), "pr.site_id", params);
  params.push(siteId !== null && !Number.isNaN(siteId) ? siteId : null, date && DATE.test(date) ? date : null);
  const where = `pr.client_id = $1 AND pr.status IN ('pending', 'expected')
    AND ${inScope}
    AND ($3::int IS NULL OR pr.site_id = $3)
    AND CASE WHEN $4::date IS NULL THEN pr.arrive_at >= date_trunc('day', now() AT TIME ZONE s.timezone) AT TIME ZONE s.timezone
             ELSE (pr.arrive_at AT TIME ZONE s.timezone)::date = $4::date END`;
  const [{ n }] = await app.db.query<{ n: string | number }>(`SELECT count(*) AS n ${FROM} WHERE ${where}`, params);
  const rows = await app.db.query<Row>(`SELECT ${COLS} ${FROM} WHERE ${where} ORDER BY (pr.status = 'pending') DESC, pr.arrive_at, pr.id LIMIT ${per} OFFSET $5`, [
    ...params,
    (page - 1) * per,
  ]);
  return { data: await withDocuments(app.db, rows), total: Number(n), page, per_page: per };
}

export async function preRegistrationOptions(app: App, p: Principal) {
  requireRight(p, ["Today.viewer", "Today.signInOut"], RULE);
  const sites = (await scopedSites(app.db, p, "pre-registration")).filter((s) => s.type === "standard");
  // Groups shown at one of the user's sites, and the people offered there (ADR 031: rows shown at sites).
  const groupParams: unknown[] = [p.client.id];
  const groups = await app.db.query<GroupRow>(
    `SELECT id, name, type, approval_required, site_ids, settings FROM groups
      WHERE client_id = $1 AND type = 'standard' AND ${jsonReachesClause(scopeOf(p, "group"), "site_ids", groupParams)} ORDER BY position, id`,
    groupParams,
  );
  const employeeParams: unknown[] = [p.client.id];
  const employees = await app.db.query<{ id: number; name: string; group: string }>(
    `SELECT m.id, m.name, g.name AS "group" FROM members m JOIN groups g ON g.id = m.group_id
      WHERE g.client_id = $1 AND g.type = 'returning' AND ${jsonReachesClause(scopeOf(p, "group"), "coalesce(m.site_ids, g.site_ids)", employeeParams)}
      ORDER BY lower(m.name), m.id LIMIT 1000`,
    employeeParams,
  );
  return {
    sites: sites.map((s) => ({ id: s.id as number, name: s.name as string, timezone: s.timezone as string })),
    groups: groups.map((g) => ({ id: g.id, name: g.name, approval_required: g.approval_required, site_ids: g.site_ids ?? null })),
    employees,
    services: servicesOf(p),
    new_form: flagOn(p, "new-pre-reg-form"),
  };
}

export async function getPreRegistration(app: App, p: Principal, idParam: string) {
  requireRight(p, "Today.viewer", RULE);
  return (await withDocuments(app.db, [await visible(app, p, idParam)]))[0]!;
}

// ---------------------------------------------------------------------------------------------
// The invitation
// ---------------------------------------------------------------------------------------------

/**
 * The invitation: fresh magic links (the change request always; the pre-registration form with
 * the `new-pre-reg-form` flag) and the email with them, to the outbox, in the visitor's language.
 */
export async function invite(app: App, q: Queryable, id: number, withForm: boolean): Promise<void> {
  const r = (await one<Row & { settings: GroupRow["settings"] }>(q, `SELECT ${COLS}, g.settings ${FROM} WHERE pr.id = $1`, [id]))!;
  // A person on the block list of a group that checks gets no links (ADR 029: revoked at once).
  if (await blockListed(q, r.client_id, r.site_id, r.group_id, { name: r.name, company: r.details?.company ?? r.company })) {
    await revokeLinks(q, id);
    return;
  }
  const links = await issueLinks(app, q, id, withForm);
  const preReg = (r.settings?.pre_reg ?? {}) as { pre_registration_subject?: string | null; pre_registration_message?: string | null };
  const mail = invitationEmail({
    locale: r.locale,
    name: r.name,
    site: r.site_name,
    timezone: r.timezone,
    arriveAt: new Date(r.arrive_at),
    subject: preReg.pre_registration_subject ?? null,
    message: preReg.pre_registration_message ?? null,
    formLink: links.form,
    changeLink: links.change,
  });
  await q.query("INSERT INTO outbox (to_email, subject, body) VALUES ($1, $2, $3)", [r.email.toLowerCase(), mail.subject, mail.body]);
  // As the password reset link is: the reference upstream sends no mail, so a demo can follow it from the log.
  app.log({ msg: "pre-registration invitation", to: r.email.toLowerCase(), form: links.form, change: links.change });
}

// ---------------------------------------------------------------------------------------------
// Changing
// ---------------------------------------------------------------------------------------------

/** Move `from` → `to` when the row is still `from` (422 `refusal` otherwise), then `after` in the same transaction. */
async function step(app: App, row: Row, from: PreRegStatus[], to: PreRegStatus, refusal: string, after?: (q: Queryable) => Promise<void>) {
  await app.db.tx(async (q) => {
    const moved = await q.query("UPDATE pre_registrations SET status = $2 WHERE id = $1 AND status = ANY($3::text[]) RETURNING id", [row.id, to, from]);
    if (!moved.length) throw validation({ pre_registration: [refusal] });
    await after?.(q);
  });
  return shown(app.db, row.id);
}

export async function approvePreRegistration(app: App, p: Principal, idParam: string) {
  requireRight(p, ["Today.viewer", "Today.approve"], RULE);
  const row = await visible(app, p, idParam);
  return step(app, row, ["pending"], "expected", M.notPending, (q) => invite(app, q, row.id, flagOn(p, "new-pre-reg-form")));
}

export async function declinePreRegistration(app: App, p: Principal, idParam: string) {
  requireRight(p, ["Today.viewer", "Today.approve"], RULE);
  const row = await visible(app, p, idParam);
  return step(app, row, ["pending"], "declined", M.notPending, async (q) => {
    await revokeLinks(q, row.id);
    await deleteDocuments(q, row.id);
  });
}

export async function cancelPreRegistration(app: App, p: Principal, idParam: string) {
  requireRight(p, ["Today.viewer", "Today.signInOut"], RULE);
  const row = await visible(app, p, idParam);
  return step(app, row, ["pending", "expected"], "cancelled", M.notOpen, async (q) => {
    await revokeLinks(q, row.id);
    await deleteDocuments(q, row.id);
  });
}

/**
 * Sign an expected visitor in at its site: the row is claimed first (expected → signed_in, so two
 * clicks make one visit), then Today's sign-in makes the visit (signed in: the pre-registration was
 * approved already, or needed no approval); when that is refused the claim is undone.
 */
export async function signInPreRegistration(app: App, p: Principal, idParam: string) {
  requireRight(p, ["Today.viewer", "Today.signInOut"], RULE);
  const row = await visible(app, p, idParam);
  const claimed = await app.db.query("UPDATE pre_registrations SET status = 'signed_in' WHERE id = $1 AND status = 'expected' RETURNING id", [row.id]);
  if (!claimed.length) throw validation({ pre_registration: [M.notExpected] });
  try {
    const company = row.details?.company ?? row.company;
    const visit = await signInAt(
      app,
      { id: row.site_id, client_id: row.client_id },
      { group_id: row.group_id, name: row.name, company: company ?? undefined, host: row.host ?? undefined },
      { source: "portal", preApproved: true },
    );
    await app.db.tx(async (q) => {
      await q.query("UPDATE pre_registrations SET visit_id = $2 WHERE id = $1", [row.id, visit.id]);
      // The visitor's answers become the visit's (ADR 019 "Fields and documents").
      if (row.fields?.length) await q.query("UPDATE visits SET fields = $2::jsonb WHERE id = $1", [visit.id, JSON.stringify(row.fields)]);
      await revokeLinks(q, row.id);
    });
  } catch (err) {
    await app.db.query("UPDATE pre_registrations SET status = 'expected' WHERE id = $1 AND visit_id IS NULL", [row.id]);
    throw err;
  }
  return shown(app.db, row.id);
}
