/**
 * Pre-registrations and their magic links over HTTP against a running upstream (ADR 019): the
 * validation messages, pending vs expected, approve / decline / cancel / sign in (a visit Today
 * sees), CSV import with bad rows, the invitation in the outbox, the links (reading never consumes,
 * the POST consumes once, used / expired / revoked answers, a tampered token refused), the site
 * restriction and the rights.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MagicLinkView, PRE_REG_MESSAGES as M, PreRegistration, PreRegistrationList, PreRegistrationOptions } from "../../contract/index.ts";
import type { TestUpstream } from "../test-support.ts";
import { startPreRegTests } from "./test-start.ts";
import { httpTestClient, type As } from "../http/http-test-client.ts";

let up: TestUpstream;
let serverErrors: Record<string, unknown>[] = [];
type Json = any;

const { call, as, user } = httpTestClient(() => up.url, "prereg");
let admin: As;
let hq: number;
let wh: number;
let visitors: number;
let approvalGroup: number;
let returningGroup: number;

const tomorrow = () => new Date(Date.now() + 24 * 3600_000).toISOString();
let n = 0;
const email = () => `visitor-${++n}-${Date.now()}@example.org`;
const input = (over: Record<string, unknown> = {}) => ({ site_id: hq, group_id: visitors, name: "Vera Visitor", email: email(), arrive_at: tomorrow(), ...over });

async function create(over: Record<string, unknown> = {}, who: As = admin) {
  const r = await who.post("pre-registrations", input(over));
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return PreRegistration.parse(r.json);
}

/** The newest mail to `to`, and the token of its link for `purpose`. */
async function mailTo(to: string) {
  const r = await call("GET", `/__test/outbox?to=${encodeURIComponent(to)}`);
  expect(r.status).toBe(200);
  return r.json as { subject: string; body: string; count: number };
}
const tokenIn = (body: string, purpose: string) => new RegExp(`/magic-link/${purpose}\\?token=([A-Za-z0-9_-]+)`).exec(body)?.[1] ?? null;
const view = (token: string, purpose: string) => call("POST", "/api/v2/magic-links/view", { token, purpose });
const submit = (token: string, purpose: string, extra: Record<string, unknown> = {}) => call("POST", "/api/v2/magic-links/submit", { token, purpose, ...extra });

beforeAll(async () => {
  ({ serverErrors, admin, hq, wh } = await startPreRegTests(call, as, (started) => (up = started)));
  const groups = await up.app.db.query<{ id: number; name: string }>("SELECT g.id, g.name FROM groups g JOIN clients c ON c.id = g.client_id WHERE c.region = 'eu' AND c.number = 1", []);
  visitors = groups.find((g) => g.name === "Visitors")!.id;
  returningGroup = groups.find((g) => g.name === "Staff")!.id;
  const made = await admin.post("groups", { name: `Approval ${Date.now()}`, type: "standard" });
  expect(made.status, JSON.stringify(made.json)).toBe(200);
  approvalGroup = made.json.id;
  await up.app.db.query("UPDATE groups SET approval_required = true WHERE id = $1", [approvalGroup]);
}, 120_000);

afterAll(async () => {
  await up?.stop();
  expect(serverErrors).toEqual([]);
});

describe("creating", () => {
  it("names every problem with the spec's messages", async () => {
    const r = await admin.post("pre-registrations", input({ name: "  ", email: "not-an-email", arrive_at: new Date(Date.now() - 3600_000).toISOString() }));
    expect(r.status).toBe(422);
    expect(r.json.errors).toMatchObject({ name: [M.nameRequired], email: [M.email], arrive_at: [M.arrivalFuture] });
    const late = await admin.post("pre-registrations", input({ arrive_at: "2038-01-02T10:00" }));
    expect(late.json.errors.arrive_at).toEqual([M.before2038]);
    const returning = await admin.post("pre-registrations", input({ group_id: returningGroup }));
    expect(returning.json.errors.group_id).toEqual([M.standardOnly]);
  });

  it("scheduled visits need an employee, a service and a redisplay option", async () => {
    const r = await admin.post("pre-registrations", input({ kind: "scheduled" }));
    expect(r.json.errors).toMatchObject({ employee_id: [M.employeeRequired], service: [M.serviceRequired], redisplay: [M.redisplayRequired] });
    const options = PreRegistrationOptions.parse((await admin.get("pre-registrations/options")).json);
    expect(options.new_form).toBe(true);
    const employee = options.employees[0];
    const ok = await create({ kind: "scheduled", employee_id: employee.id, service: options.services[0], redisplay: "1_week" });
    expect(ok).toMatchObject({ kind: "scheduled", employee: { id: employee.id }, service: options.services[0], redisplay: "1_week", status: "expected" });
  });

  it("is expected without approval and mails the visitor both links in their language", async () => {
    const to = email();
    const p = await create({ email: to, locale: "de", arrive_at: "2030-05-04T09:30" });
    expect(p.status).toBe("expected");
    // A local time is read in the site's timezone (Head Office: Europe/London, summer time).
    expect(p.arrive_at).toBe("2030-05-04T08:30:00.000Z");
    const mail = await mailTo(to);
    expect(mail.subject).toBe("Ihr Besuch bei Head Office");
    expect(mail.body).toContain("Bitte ergänzen Sie Ihre Angaben");
    expect(tokenIn(mail.body, "pre-registration-form")).not.toBeNull();
    expect(tokenIn(mail.body, "visitor-change-request")).not.toBeNull();
  });

  it("is pending in a group that needs approval: no mail until approved, then expected and mailed", async () => {
    const to = email();
    const p = await create({ email: to, group_id: approvalGroup });
    expect(p.status).toBe("pending");
    expect((await call("GET", `/__test/outbox?to=${to}`)).status).toBe(404);
    const approved = await admin.post(`pre-registrations/${p.id}/approve`);
    expect(approved.json.status).toBe("expected");
    expect(tokenIn((await mailTo(to)).body, "visitor-change-request")).not.toBeNull();
    const again = await admin.post(`pre-registrations/${p.id}/approve`);
    expect(again.status).toBe(422);
    expect(again.json.errors.pre_registration).toEqual([M.notPending]);
  });

  it("declines a pending one; lists pending first, 15 a page, by site and date", async () => {
    const p = await create({ group_id: approvalGroup });
    const declined = await admin.post(`pre-registrations/${p.id}/decline`);
    expect(declined.json.status).toBe("declined");
    const pending = await create({ group_id: approvalGroup, arrive_at: "2031-03-03T10:00" });
    const list = PreRegistrationList.parse((await admin.get(`pre-registrations?site_id=${hq}`)).json);
    expect(list.per_page).toBe(15);
    expect(list.data[0].status).toBe("pending");
    expect(list.data.some((x) => x.id === p.id)).toBe(false);
    const onDay = PreRegistrationList.parse((await admin.get(`pre-registrations?date=2031-03-03`)).json);
    expect(onDay.data.map((x) => x.id)).toEqual([pending.id]);
  });

  it("signs an expected visitor in: a visit Today sees; twice is refused", async () => {
    const p = await create({ name: "Sienna Signin", group_id: approvalGroup });
    await admin.post(`pre-registrations/${p.id}/approve`);
    const signed = await admin.post(`pre-registrations/${p.id}/sign-in`);
    expect(signed.status, JSON.stringify(signed.json)).toBe(200);
    expect(signed.json.status).toBe("signed_in");
    const today = (await admin.get(`sites/${hq}/visits/today`)).json;
    const visit = today.visits.find((v: Json) => v.id === signed.json.visit_id);
    expect(visit).toMatchObject({ name: "Sienna Signin", status: "signed_in" });
    const again = await admin.post(`pre-registrations/${p.id}/sign-in`);
    expect(again.json.errors.pre_registration).toEqual([M.notExpected]);
  });
});

describe("CSV import", () => {
  it("creates the valid rows and names each bad row with its line and reason; formulas stay text", async () => {
    const csv = [
      "Name,Email,Arrival,Company",
      `Ada Lovelace,ada-${Date.now()}@example.org,2030-06-01T10:00,Analytical`,
      "No Email,,2030-06-01T10:00,",
      `"=HYPERLINK(""http://evil"")",formula-${Date.now()}@example.org,2030-06-01T11:00,=1+1`,
      `Past Person,past-${Date.now()}@example.org,2020-01-01T10:00,`,
    ].join("\n");
    const r = await admin.post("pre-registrations/import", { site_id: hq, group_id: visitors, csv });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.created).toBe(2);
    expect(r.json.errors).toEqual([
      { line: 3, reason: M.email },
      { line: 5, reason: M.arrivalFuture },
    ]);
    const stored = await up.app.db.query<{ name: string; company: string }>("SELECT name, company FROM pre_registrations WHERE name LIKE '=HYPERLINK%'");
    expect(stored[0]).toEqual({ name: '=HYPERLINK("http://evil")', company: "=1+1" });
  });

  it("a control character in any cell refuses its row with its line, never a 500; nothing of it is stored", async () => {
    const t = Date.now();
    const csv = [
      "Name,Email,Arrival,Company,Notes",
      `Ok Person,ok-${t}@example.org,2030-06-01T10:00,,`,
      `Nul\u0000Person,nul-${t}@example.org,2030-06-01T10:00,,`,
      `Bel Person,bel-${t}@example.org,2030-06-01T10:00,Acme\u0007,`,
      `Del Person,del-${t}@example.org,2030-06-01T10:00,,"a note\u007f"`,
      `"Tab\tand line",tab-${t}@example.org,2030-06-01T10:00,,"two\nlines"`,
    ].join("\n");
    const r = await admin.post("pre-registrations/import", { site_id: hq, group_id: visitors, csv });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.errors).toEqual([
      { line: 3, reason: M.csvControl },
      { line: 4, reason: M.csvControl },
      { line: 5, reason: M.csvControl },
    ]);
    expect(r.json.created).toBe(2);
    const stored = await up.app.db.query<{ email: string }>("SELECT email FROM pre_registrations WHERE email LIKE $1 ORDER BY email", [`%-${t}@example.org`]);
    expect(stored.map((s) => s.email)).toEqual([`ok-${t}@example.org`, `tab-${t}@example.org`]);
  });

  it("refuses a file without the columns, an empty one and broken CSV", async () => {
    expect((await admin.post("pre-registrations/import", { site_id: hq, group_id: visitors, csv: "foo,bar\n1,2" })).json.errors.csv).toEqual([M.csvHeader]);
    expect((await admin.post("pre-registrations/import", { site_id: hq, group_id: visitors, csv: "" })).json.errors.csv).toEqual([M.csvEmpty]);
    expect((await admin.post("pre-registrations/import", { site_id: hq, group_id: visitors, csv: 'name,email,arrival\n"unclosed,x,y' })).json.errors.csv).toEqual([M.csvUnreadable]);
  });
});

describe("magic links", () => {
  it("reading (GET view, repeated) never consumes; the POST consumes once; then it says used", async () => {
    const to = email();
    const p = await create({ email: to });
    const token = tokenIn((await mailTo(to)).body, "pre-registration-form")!;
    for (let i = 0; i < 3; i++) expect(MagicLinkView.parse((await view(token, "pre-registration-form")).json).state).toBe("open");
    const bad = await submit(token, "pre-registration-form", { mobile: "12" });
    expect(bad.status).toBe(422);
    expect(bad.json.errors.mobile).toEqual([M.mobile]);
    // Head Office's required custom fields (seeded, for every group) are answered too (ADR 019 "Fields and documents").
    const required = await up.app.db.query<{ id: number; type: string }>("SELECT id, type FROM custom_fields WHERE site_id = $1 AND required", [hq]);
    const fields = Object.fromEntries(required.map((f) => [String(f.id), f.type === "yes_no" ? "Yes" : "Lovelace Ltd"]));
    const ok = await submit(token, "pre-registration-form", { company: "Lovelace Ltd", mobile: "07911 123456", message: "Arriving by train", fields });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    const stored = PreRegistration.parse((await admin.get(`pre-registrations/${p.id}`)).json);
    expect(stored.details).toMatchObject({ company: "Lovelace Ltd", mobile: "+447911123456", message: "Arriving by train" });
    const twice = await submit(token, "pre-registration-form", { company: "Other" });
    expect(twice.status).toBe(409);
    expect(twice.json.code).toBe("link_used");
    expect((await view(token, "pre-registration-form")).json.state).toBe("used");
  });

  it("a tampered token, another purpose or an unknown one is 404", async () => {
    const to = email();
    await create({ email: to });
    const token = tokenIn((await mailTo(to)).body, "visitor-change-request")!;
    const tampered = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    expect((await view(tampered, "visitor-change-request")).status).toBe(404);
    expect((await view(token, "pre-registration-form")).status).toBe(404);
    expect((await submit(tampered, "visitor-change-request", { change: "cancel" })).status).toBe(404);
  });

  it("cancelling revokes at once; an expired link says so; the change request is stored", async () => {
    const to = email();
    const p = await create({ email: to });
    const token = tokenIn((await mailTo(to)).body, "visitor-change-request")!;
    await admin.del(`pre-registrations/${p.id}`);
    expect((await view(token, "visitor-change-request")).json.state).toBe("revoked");
    expect((await submit(token, "visitor-change-request", { change: "cancel" })).json.code).toBe("link_revoked");

    const to2 = email();
    const p2 = await create({ email: to2 });
    const t2 = tokenIn((await mailTo(to2)).body, "visitor-change-request")!;
    const noKind = await submit(t2, "visitor-change-request", {});
    expect(noKind.json.errors.change).toEqual([M.changeKind]);
    const change = await submit(t2, "visitor-change-request", { change: "change", arrive_at: "2030-07-01T14:00", message: "Afternoon please" });
    expect(change.status, JSON.stringify(change.json)).toBe(200);
    const stored = PreRegistration.parse((await admin.get(`pre-registrations/${p2.id}`)).json);
    expect(stored.change_request).toMatchObject({ kind: "change", arrive_at: "2030-07-01T13:00:00.000Z", message: "Afternoon please" });

    const to3 = email();
    await create({ email: to3 });
    const t3 = tokenIn((await mailTo(to3)).body, "visitor-change-request")!;
    await up.app.db.query("UPDATE magic_links SET expires_at = now() - interval '1 minute' WHERE expires_at > now() AND pre_registration_id = (SELECT max(id) FROM pre_registrations)");
    expect((await view(t3, "visitor-change-request")).json.state).toBe("expired");
    expect((await submit(t3, "visitor-change-request", { change: "cancel" })).status).toBe(409);
  });
});

describe("rights and sites", () => {
  it("a viewer-only role is refused every change; a standard user may pre-register at their site only", async () => {
    const viewerOnly = await user("Front Desk");
    const p = await create();
    expect((await viewerOnly.get("pre-registrations")).status).toBe(200);
    expect((await viewerOnly.post("pre-registrations", input())).status).toBe(403);
    expect((await viewerOnly.post("pre-registrations/import", { site_id: hq, group_id: visitors, csv: "name,email,arrival" })).status).toBe(403);
    expect((await viewerOnly.post(`pre-registrations/${p.id}/sign-in`)).status).toBe(403);
    expect((await viewerOnly.post(`pre-registrations/${p.id}/approve`)).status).toBe(403);
    expect((await viewerOnly.post(`pre-registrations/${p.id}/decline`)).status).toBe(403);
    expect((await viewerOnly.del(`pre-registrations/${p.id}`)).status).toBe(403);

    const standard = await user("Standard User", { site_ids: [hq] });
    const mine = await create({}, standard);
    expect(mine.site.id).toBe(hq);
    const elsewhere = await standard.post("pre-registrations", input({ site_id: wh }));
    expect(elsewhere.json.errors.site_id).toEqual([M.siteRequired]);
    const atWh = await create({ site_id: wh });
    expect((await standard.get(`pre-registrations/${atWh.id}`)).status).toBe(404);
    expect((await standard.del(`pre-registrations/${atWh.id}`)).status).toBe(404);
    const listed = PreRegistrationList.parse((await standard.get("pre-registrations")).json);
    expect(listed.data.every((x) => x.site.id === hq)).toBe(true);
  });

  it("a user restricted to some sites is offered their sites, the groups shown there and the people who come there (ADR 031)", async () => {
    const restricted = await user("Administrator", { site_ids: [wh] });
    const everything = PreRegistrationOptions.parse((await admin.get("pre-registrations/options")).json);
    const theirs = PreRegistrationOptions.parse((await restricted.get("pre-registrations/options")).json);
    expect(theirs.sites.map((s) => s.id)).toEqual([wh]);
    // Candidates (the seed's) is shown at Head Office only.
    expect(everything.groups.map((g) => g.name)).toContain("Candidates");
    expect(theirs.groups.map((g) => g.name)).not.toContain("Candidates");
    expect(theirs.groups.every((g) => g.site_ids === null || g.site_ids.includes(wh))).toBe(true);
    // An employee who comes to Head Office only is not offered as a host at the Warehouse.
    const [staff] = await up.app.db.query<{ id: number; name: string }>(
      "SELECT m.id, m.name FROM members m JOIN groups g ON g.id = m.group_id JOIN clients c ON c.id = g.client_id WHERE c.region = 'eu' AND c.number = 1 AND g.type = 'returning' AND g.site_ids IS NULL ORDER BY m.id LIMIT 1",
    );
    await up.app.db.query("UPDATE members SET site_ids = $2::jsonb WHERE id = $1", [staff!.id, JSON.stringify([hq])]);
    try {
      expect(PreRegistrationOptions.parse((await admin.get("pre-registrations/options")).json).employees.map((e) => e.id)).toContain(staff!.id);
      expect(PreRegistrationOptions.parse((await restricted.get("pre-registrations/options")).json).employees.map((e) => e.id)).not.toContain(staff!.id);
    } finally {
      await up.app.db.query("UPDATE members SET site_ids = NULL WHERE id = $1", [staff!.id]);
    }
  });
});
