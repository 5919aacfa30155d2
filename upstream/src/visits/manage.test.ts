/**
 * Visit management (ADR 026): the rules as pure functions (times, field answers, retention
 * intervals), then over HTTP against a running upstream: edit, notes, protect, anonymise, delete
 * with every refusal (422, 409, 403 per right, 404 outside the user's sites), the broadcasts Today
 * hears, rejected sign-ins in the details answer, and the retention sweep.
 *
 * Tests that change visits use a site of their own (POST /__test/sites).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ANONYMISED_NAME, VISIT_MESSAGES as M, VisitDetails, VisitManagement } from "../../contract/index.ts";
import { httpTestClient, type As } from "../http/http-test-client.ts";
import { TestClient } from "../realtime/test-client.ts";
import { collectServerErrors, startTestUpstream, type TestUpstream } from "../test-support.ts";
import type { App } from "../runtime/app.ts";
import { schedule, settleBackground } from "../runtime/background.ts";
import { checkFields, checkTimes, hasControl } from "./manage.ts";
import { retentionInterval } from "./retention.ts";

describe("the rules", () => {
  const now = Date.parse("2026-06-01T12:00:00Z");
  const at = (h: number) => new Date(now - h * 3_600_000).toISOString();
  it("times: out after in, neither in the future nor in 2038, none added or cleared", () => {
    const done = { in: at(5), out: at(4) };
    expect(checkTimes("signed_out", done, { in: at(3) }, now)).toEqual({ signed_out_at: [M.outBeforeIn] });
    expect(checkTimes("signed_out", done, { out: at(5) }, now)).toEqual({ signed_out_at: [M.outBeforeIn] });
    expect(checkTimes("signed_out", done, { out: new Date(now + 3_600_000).toISOString() }, now)).toEqual({ signed_out_at: [M.inFuture] });
    expect(checkTimes("signed_out", done, { out: "2038-01-02T00:00:00Z" }, now)).toEqual({ signed_out_at: [M.tooLate] });
    expect(checkTimes("signed_out", done, { in: null }, now)).toEqual({ signed_in_at: [M.signInRequired] });
    expect(checkTimes("signed_out", done, { out: null }, now)).toEqual({ signed_out_at: [M.signOutRequired] });
    expect(checkTimes("signed_out", done, { in: at(10), out: at(9) }, now)).toEqual({});
    // A visit on site has no sign-out time; a change of status is not an edit.
    expect(checkTimes("signed_in", { in: at(2), out: null }, { out: at(1) }, now)).toEqual({ signed_out_at: [M.stillSignedIn] });
    expect(checkTimes("signed_in", { in: at(2), out: null }, { in: at(3) }, now)).toEqual({});
    expect(checkTimes("pending", { in: null, out: null }, { in: at(1) }, now)).toEqual({ signed_in_at: [M.neverSignedIn] });
    expect(checkTimes("rejected", { in: null, out: null }, {}, now)).toEqual({});
    // A departure (ADR 015): it starts when they leave (signed_out_at) and ends when they are back.
    expect(checkTimes("returned", { in: at(1), out: at(3) }, { in: at(4) }, now)).toEqual({ signed_in_at: [M.outBeforeIn] });
    expect(checkTimes("returned", { in: at(1), out: at(3) }, { out: at(2) }, now)).toEqual({});
    expect(checkTimes("away", { in: null, out: at(3) }, { in: at(1) }, now)).toEqual({ signed_in_at: [M.stillSignedIn] });
  });
  it("field answers: the visit's own labels in order, plain single-line text", () => {
    const current = [{ label: "Company", value: "Initrode" }, { label: "Reason", value: "Meeting" }];
    expect(checkFields(current, [{ label: "Company", value: "Hooli" }, { label: "Reason", value: "Interview" }])).toBeNull();
    expect(checkFields(current, [{ label: "Company", value: "Hooli" }])).toBe(M.fieldsChanged);
    expect(checkFields(current, [{ label: "Reason", value: "x" }, { label: "Company", value: "y" }])).toBe(M.fieldsChanged);
    expect(checkFields(current, [{ label: "Company", value: "a\nb" }, { label: "Reason", value: "x" }])).toBe(M.controlCharacters);
    expect(hasControl("line\nbreak", true)).toBe(false);
    expect(hasControl("bell\u0007", true)).toBe(true);
  });
  it("the schedule runs its task after the first delay, then every period, until stopped", async () => {
    vi.useFakeTimers();
    try {
      const app = { log: () => undefined } as unknown as App;
      let runs = 0;
      const stop = schedule(app, "test", 1000, async () => void runs++, 10);
      await vi.advanceTimersByTimeAsync(10);
      expect(runs).toBe(1);
      await vi.advanceTimersByTimeAsync(2000);
      expect(runs).toBe(3);
      stop();
      await vi.advanceTimersByTimeAsync(5000);
      await settleBackground(app);
      expect(runs).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
  it("retention intervals: 1 day to 15 years", () => {
    expect(["1d", "6m", "15y"].map(retentionInterval)).toEqual(["1 days", "6 months", "15 years"]);
    expect(() => retentionInterval("1w")).toThrow();
  });
});

let up: TestUpstream;
let serverErrors: Record<string, unknown>[] = [];
beforeAll(async () => {
  up = await startTestUpstream();
  serverErrors = collectServerErrors(up);
}, 120_000);
afterAll(async () => {
  await up?.stop();
}, 60_000);

const { call, user } = httpTestClient(() => up.url, "visit-manage");

async function role(name: string, rights: string[]) {
  const r = await call("POST", "/__test/roles", { client: "eu:1", name, rights });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return name;
}

/** A fresh Acme site and a visitor signed in there by an administrator (`admin`). */
async function visitAtFreshSite(admin: As, name = "Vera Visitor") {
  const site = await call("POST", "/__test/sites", { client: "eu:1", name: `Manage ${Math.random().toString(36).slice(2, 7)}` });
  expect(site.status).toBe(201);
  const groups = site.json.groups as { id: number; name: string; type: string }[];
  const visitors = groups.find((g) => g.name === "Visitors")!;
  const r = await admin.post(`sites/${site.json.id}/visits`, { group_id: visitors.id, name, company: "Initrode", host: "Alice" });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return { siteId: site.json.id as number, visitId: r.json.id as number, groups };
}

const management = (a: As, id: number) => a.get(`visits/${id}/manage`).then((r) => ({ status: r.status, visit: r.status === 200 ? VisitManagement.parse(r.json) : null, json: r.json }));

describe("visit management over HTTP", () => {
  it("edits a finished visit's times, group, host and answers, within the rules", async () => {
    const admin = await user("Administrator");
    const { visitId, groups } = await visitAtFreshSite(admin);
    expect((await admin.post(`visits/${visitId}/sign-out`)).status).toBe(200);
    const v = (await management(admin, visitId)).visit!;
    expect(v.groups.map((g) => g.name)).toContain("Deliveries");
    const inAt = new Date(Date.now() - 3 * 3_600_000).toISOString();
    const outAt = new Date(Date.now() - 3_600_000).toISOString();
    const deliveries = groups.find((g) => g.name === "Deliveries")!;
    const ok = await admin.patch(`visits/${visitId}`, { signed_in_at: inAt, signed_out_at: outAt, group_id: deliveries.id, host: "  Bob  ", fields: [] });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(ok.json).toMatchObject({ signed_in_at: inAt, signed_out_at: outAt, group_id: deliveries.id, host: "Bob" });

    const refusals: [unknown, string, string][] = [
      [{ signed_out_at: new Date(Date.now() - 4 * 3_600_000).toISOString() }, "signed_out_at", M.outBeforeIn],
      [{ signed_out_at: new Date(Date.now() + 86_400_000).toISOString() }, "signed_out_at", M.inFuture],
      [{ signed_out_at: "2040-01-01T00:00:00Z" }, "signed_out_at", M.tooLate],
      [{ signed_in_at: null }, "signed_in_at", M.signInRequired],
      [{ fields: [{ label: "Smuggled", value: "x" }] }, "fields", M.fieldsChanged],
      [{ host: "a\u0000b" }, "host", M.controlCharacters],
    ];
    for (const [body, field, message] of refusals) {
      const r = await admin.patch(`visits/${visitId}`, body);
      expect([r.status, r.json.errors?.[field]], JSON.stringify(body)).toEqual([422, [message]]);
    }
    // Malformed: zod's 422, never a 500.
    for (const body of [{ signed_in_at: "yesterday" }, { group_id: "x" }, { host: "h".repeat(101) }]) expect((await admin.patch(`visits/${visitId}`, body)).status).toBe(422);
    // A group of the client not shown at this site (Contractors: HQ and warehouse only), another client's group.
    const contractors = await call("POST", "/__test/groups", { client: "eu:1", name: `Elsewhere ${Date.now()}`, site_ids: [1] });
    const r = await admin.patch(`visits/${visitId}`, { group_id: contractors.json.id });
    expect([r.status, r.json.errors?.group_id]).toEqual([422, [M.groupNotAtSite]]);
  });

  it("a signed-in visit's edit is broadcast to Today, and setting its sign-out is refused (not an edit)", async () => {
    const admin = await user("Administrator");
    const { siteId, visitId, groups } = await visitAtFreshSite(admin);
    const r = await admin.patch(`visits/${visitId}`, { signed_out_at: new Date().toISOString() });
    expect([r.status, r.json.errors?.signed_out_at]).toEqual([422, [M.stillSignedIn]]);

    const c = new TestClient(`ws://127.0.0.1:${up.app.opts.port}/app/${up.app.opts.pusherAppKey}?protocol=7&client=js&version=8.6.0&flash=false`);
    const socketId = await c.established();
    const channel = `private-Site.${siteId}`;
    const auth = await admin.post("broadcasting/auth", { socket_id: socketId, channel_name: [channel] });
    expect(auth.json.channels[channel].status).toBe(200);
    c.send({ event: "pusher:subscribe", data: { channel, auth: auth.json.channels[channel].data.auth } });
    await c.event("pusher_internal:subscription_succeeded");
    const deliveries = groups.find((g) => g.name === "Deliveries")!;
    expect((await admin.patch(`visits/${visitId}`, { group_id: deliveries.id })).status).toBe(200);
    const updated = await c.event("VisitUpdatedEvent");
    expect(JSON.parse(updated.data)).toMatchObject({ visit: { id: visitId, group: { id: deliveries.id } }, visitors_signed_in_count: 0 });
    expect((await admin.del(`visits/${visitId}`)).status).toBe(200);
    const deleted = await c.event("VisitDeletedEvent");
    expect(JSON.parse(deleted.data)).toMatchObject({ visit: { id: visitId } });
    await c.close();
  });

  it("notes: set, cleared, bounded, plain text", async () => {
    const admin = await user("Administrator");
    const { visitId } = await visitAtFreshSite(admin);
    let r = await admin.post(`visits/${visitId}/notes`, { notes: "  Parking space 14.\r\nBadge returned.  " });
    expect([r.status, r.json.notes]).toEqual([200, "Parking space 14.\nBadge returned."]);
    expect((await admin.post(`visits/${visitId}/notes`, { notes: "x".repeat(2001) })).status).toBe(422);
    r = await admin.post(`visits/${visitId}/notes`, { notes: "bell\u0007" });
    expect([r.status, r.json.errors?.notes]).toEqual([422, [M.controlCharacters]]);
    r = await admin.post(`visits/${visitId}/notes`, { notes: "" });
    expect([r.status, r.json.notes]).toEqual([200, null]);
  });

  it("protect, delete refused while protected (409), anonymise, delete", async () => {
    const admin = await user("Administrator");
    const { visitId } = await visitAtFreshSite(admin, "Pat Protected");
    await admin.post(`visits/${visitId}/notes`, { notes: "Incident IR-1" });
    expect((await admin.post(`visits/${visitId}/protection`, { protected: true })).json.protected).toBe(true);
    let r = await admin.del(`visits/${visitId}`);
    expect([r.status, r.json.message]).toEqual([409, M.protectedDelete]);
    r = await admin.post(`visits/${visitId}/anonymise`);
    expect([r.status, r.json.message]).toEqual([409, M.protectedAnonymise]);
    expect((await admin.post(`visits/${visitId}/protection`, { protected: false })).json.protected).toBe(false);

    r = await admin.post(`visits/${visitId}/anonymise`);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const details = VisitDetails.parse((await admin.get(`visits/${visitId}`)).json);
    expect(details).toMatchObject({ name: ANONYMISED_NAME, company: null, host: null, fields: [], notes: null, location: null, member_id: null, status: "signed_in" });
    expect(details.anonymised_at).not.toBeNull();
    expect((await admin.post(`visits/${visitId}/anonymise`)).status).toBe(409);
    expect((await admin.post(`visits/${visitId}/notes`, { notes: "back" })).json.message).toBe(M.anonymised);
    expect((await admin.patch(`visits/${visitId}`, { host: "Pat" })).status).toBe(409);

    expect((await admin.del(`visits/${visitId}`)).status).toBe(200);
    expect((await admin.get(`visits/${visitId}`)).status).toBe(404);
  });

  it("anonymising needs the client's anonymize-visits flag", async () => {
    const admin = await user("Administrator");
    const { visitId } = await visitAtFreshSite(admin);
    await call("POST", "/__test/clients/eu:1", { settings: { "beta.anonymize-visits": false } });
    try {
      const r = await admin.post(`visits/${visitId}/anonymise`);
      expect([r.status, r.json.message]).toEqual([403, M.anonymiseDisabled]);
      expect((await management(admin, visitId)).visit!.anonymise_enabled).toBe(false);
    } finally {
      await call("POST", "/__test/clients/eu:1", { settings: { "beta.anonymize-visits": true } });
    }
  });

  it("each call needs its right (403), and a user restricted to other sites finds no visit (404)", async () => {
    const admin = await user("Administrator");
    const { visitId } = await visitAtFreshSite(admin);
    const only = {
      "Visit.editor": await user(await role("Visits editor only", ["Today.viewer", "Visit.editor"])),
      "Visit.notes": await user(await role("Visits notes only", ["Today.viewer", "Visit.notes"])),
      "History.protect": await user(await role("Visits protect only", ["Today.viewer", "History.protect"])),
      "History.delete": await user(await role("Visits delete only", ["Today.viewer", "History.delete"])),
    };
    const calls: Record<keyof typeof only, (a: As) => Promise<{ status: number }>> = {
      "Visit.editor": (a) => a.patch(`visits/${visitId}`, { host: "Someone" }),
      "Visit.notes": (a) => a.post(`visits/${visitId}/notes`, { notes: "n" }),
      "History.protect": (a) => a.post(`visits/${visitId}/protection`, { protected: false }),
      "History.delete": (a) => a.post(`visits/${visitId}/anonymise`),
    };
    for (const [right, a] of Object.entries(only)) {
      expect((await management(a, visitId)).status, right).toBe(200);
      for (const [needed, fn] of Object.entries(calls)) expect((await fn(a)).status, `${right} calling ${needed}`).toBe(right === needed ? 200 : 403);
    }
    const none = await user(await role("Visits viewer only", ["Today.viewer"]));
    expect((await management(none, visitId)).status).toBe(403);
    expect((await none.del(`visits/${visitId}`)).status).toBe(403);

    const elsewhere = await user("Administrator", { site_ids: [1] });
    expect((await management(elsewhere, visitId)).status).toBe(404);
    expect((await elsewhere.del(`visits/${visitId}`)).status).toBe(404);
    expect((await elsewhere.post(`visits/${visitId}/notes`, { notes: "x" })).status).toBe(404);
    // Another client's user.
    const globex = await user("Administrator", { client: "us:2" });
    expect((await globex.get(`visits/${visitId}/manage`)).status).toBe(404);
  });

  it("rejected sign-ins carry their reason", async () => {
    const admin = await user("Administrator");
    const { visitId } = await visitAtFreshSite(admin);
    await call("POST", `/__test/visits/${visitId}`, { rejection_reason: "missing_health_certificates" });
    const details = VisitDetails.parse((await admin.get(`visits/${visitId}`)).json);
    expect([details.status, details.rejection_reason]).toEqual(["rejected", "missing_health_certificates"]);
    // The seed's: Acme's rejected sign-ins at HQ each have theirs.
    const seeded = await up.app.db.query<{ rejection_reason: string | null }>("SELECT rejection_reason FROM visits WHERE status = 'rejected'");
    expect(seeded.length).toBeGreaterThanOrEqual(4);
    expect(seeded.every((v) => v.rejection_reason !== null)).toBe(true);
  });

  it("retention removes visits past their group's retention, keeping protected and recent ones", async () => {
    const admin = await user("Administrator");
    const old = await visitAtFreshSite(admin, "Olive Old");
    const kept = await visitAtFreshSite(admin, "Peter Protected");
    const recent = await visitAtFreshSite(admin, "Rita Recent");
    for (const v of [old, kept]) await call("POST", `/__test/visits/${v.visitId}`, { days_ago: 400 });
    await call("POST", `/__test/visits/${recent.visitId}`, { days_ago: 300 });
    await admin.post(`visits/${kept.visitId}/protection`, { protected: true });
    const r = await call("POST", "/__test/visits/retention");
    expect(r.json.removed).toBeGreaterThanOrEqual(1);
    expect((await admin.get(`visits/${old.visitId}`)).status).toBe(404);
    expect((await admin.get(`visits/${kept.visitId}`)).status).toBe(200);
    expect((await admin.get(`visits/${recent.visitId}`)).status).toBe(200);
  });

  it("no answer broke the contract and nothing failed on the server", () => {
    expect(serverErrors).toEqual([]);
  });
});
