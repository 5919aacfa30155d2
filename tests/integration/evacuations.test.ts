/**
 * The evacuation report's actions through real HTTP: malformed and hostile input gets a 4xx with
 * a translated message and changes nothing; each action checks its right; a refusal from the
 * upstream (a completed report) becomes the global error dialog; the no-JavaScript self-refresh
 * is on the open report only (never on a dialog, never once completed). Each test owns a fresh site.
 */
import { describe, expect, test } from "vitest";
import { upstreamAccess } from "../support/access";
import { h1, messages } from "../support/client";
import { createUpstreamRole, createUpstreamSite, kioskSignIn, upstreamHook } from "../support/hooks";
import { createUser, newClient, signIn, uniqueEmail, upstreamUrl } from "./helpers";

/** A fresh site with two people on it, an evacuation of it, and a signed-in user of that site. */
async function evacuation(role = "Administrator") {
  const site = await createUpstreamSite(upstreamUrl(), { client: "eu:1", name: `IT evac ${Math.random().toString(36).slice(2, 7)}`, all_groups: true, evacuation_points: ["Car park"] });
  const visitors = site.groups.find((g) => g.name === "Visitors")!.id;
  for (const name of ["Kim Knight", "Lee Lane"]) expect((await kioskSignIn(upstreamUrl(), "eu", site.device_token, { group_id: visitors, name })).ok).toBe(true);
  const adminEmail = uniqueEmail("evac-it-admin");
  await createUser({ email: adminEmail, role: "Administrator", site_ids: [site.id] });
  const admin = await upstreamAccess(upstreamUrl(), adminEmail);
  const started = await admin.send("POST", `sites/${site.id}/evacuations`, {});
  expect(started.status).toBe(200);
  const id = started.json.id as number;
  const stored = async () => (await admin.get(`evacuations/${id}`)) as { evacuation: { event_counter: number; status: string }; evacuees: { id: number; name: string; status: string }[]; comments: unknown[] };
  const report = await stored();
  const email = role === "Administrator" ? adminEmail : uniqueEmail("evac-it");
  if (role !== "Administrator") await createUser({ email, role, site_ids: [site.id] });
  const client = newClient();
  await signIn(client, email);
  return { id, path: `/reports/evacuations/${id}`, client, admin, stored, kim: report.evacuees.find((e) => e.name === "Kim Knight")!, site };
}

describe("bad input", () => {
  test("malformed and hostile posts to every report action: a 4xx with a message, never a 500, nothing changed", async () => {
    const e = await evacuation();
    await e.client.request(e.path); // the user's first view makes them a participant (counter +1)
    const before = await e.stored();
    const long = "x".repeat(10_000);
    const page400 = "That request could not be used";
    const cases: [string, Record<string, string>, number, string][] = [
      [e.path, {}, 400, page400],
      [e.path, { intent: "delete-everything" }, 400, page400],
      [e.path, { intent: "mark", evacueeId: String(e.kim.id), status: "vanished" }, 400, page400],
      [e.path, { intent: "mark", evacueeId: "abc", status: "missing" }, 400, page400],
      [e.path, { intent: "mark", evacueeId: long, status: "missing" }, 400, page400],
      [e.path, { intent: "mark", evacueeId: String(e.kim.id), status: "missing", pointId: "-4" }, 400, page400],
      [e.path, { intent: "auto-refresh", value: "sometimes" }, 400, page400],
      [`${e.path}/comment`, {}, 400, "A comment is required"],
      [`${e.path}/comment`, { content: "   " }, 400, "A comment is required"],
      [`${e.path}/comment`, { content: long }, 400, "A comment can be at most 2,000 characters"],
      [`${e.path}/comment`, { content: "About whom?", evacueeId: "x; DROP TABLE evacuees" }, 400, "Choose someone from this evacuation"],
      [`${e.path}/complete`, { comment: long }, 400, "A comment can be at most 2,000 characters"],
      ["/reports/evacuations/abc", { intent: "mark", evacueeId: String(e.kim.id), status: "missing" }, 404, "Page not found"],
    ];
    const failures: string[] = [];
    for (const [path, form, status, text] of cases) {
      const r = await e.client.post(path, form, { follow: false });
      const shown = `${h1(r.body)} ${messages(r.body).join(" ")} ${r.body.includes(text) ? text : ""}`;
      if (r.res.status !== status || !shown.includes(text)) failures.push(`${path} ${JSON.stringify(form).slice(0, 80)}: ${r.res.status} ${shown.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
    // Nothing reached the report: the same counter, statuses and comments.
    expect(await e.stored()).toEqual(before);
  });

  test("an evacuee or point of another evacuation is refused by the upstream: the error dialog, nothing changed", async () => {
    const e = await evacuation();
    const other = await evacuation();
    await e.client.request(e.path);
    const before = await e.stored();
    const r = await e.client.post(e.path, { intent: "mark", evacueeId: String(other.kim.id), status: "missing", name: "Kim Knight" });
    expect(r.res.status).toBe(200);
    expect(r.body).toContain('role="alertdialog"');
    expect(r.body).toContain("Something went wrong");
    expect(r.body).toContain("Could not update Kim Knight");
    expect(await e.stored()).toEqual(before);
  });
});

describe("what each action does", () => {
  test("mark, comment and complete reach the upstream; a completed report is read-only and its changes are refused with the error dialog", async () => {
    const e = await evacuation();
    let r = await e.client.post(e.path, { intent: "mark", evacueeId: String(e.kim.id), status: "accounted_for", pointId: "", name: "Kim Knight" });
    expect(messages(r.body).join(" ")).toContain("Kim Knight is accounted for.");
    r = await e.client.post(`${e.path}/comment`, { content: "<b>Kim</b> is at the gate", evacueeId: String(e.kim.id) });
    expect(messages(r.body).join(" ")).toContain("Your comment has been added.");
    // Shown as text, never as markup.
    expect(r.body).toContain("&lt;b&gt;Kim&lt;/b&gt; is at the gate");
    r = await e.client.post(`${e.path}/complete`, { comment: "All clear" });
    expect(messages(r.body).join(" ")).toContain(`The evacuation of ${e.site.name} is complete.`);
    const after = await e.stored();
    expect(after.evacuation.status).toBe("completed");
    expect(after.evacuees.find((x) => x.id === e.kim.id)!.status).toBe("accounted_for");
    expect(after.comments).toHaveLength(2);
    expect(r.body).toContain("This evacuation is completed. The report is read-only.");
    expect(r.body).not.toContain('name="status"');

    r = await e.client.post(e.path, { intent: "mark", evacueeId: String(e.kim.id), status: "missing", name: "Kim Knight" });
    expect(r.body).toContain("Could not update Kim Knight: This evacuation is completed and can no longer be changed");
    const comment = await e.client.post(`${e.path}/comment`, { content: "Too late" }, { follow: false });
    expect(comment.res.status).toBe(422);
    expect(comment.body).toContain("Could not add your comment: This evacuation is completed and can no longer be changed");
    expect(comment.body).toContain("Too late"); // what was typed is kept
    expect((await e.stored()).evacuation.event_counter).toBe(after.evacuation.event_counter);
  });

  test("rights: a view-only role is refused every change (403) and sees no controls", async () => {
    await createUpstreamRole(upstreamUrl(), { client: "eu:1", name: "Evacuation viewer (it)", rights: ["EvacReport.viewer", "EvacList.viewer"] });
    const e = await evacuation("Evacuation viewer (it)");
    const page = await e.client.request(e.path);
    expect(page.res.status).toBe(200);
    expect(page.body).toContain("Kim Knight");
    expect(page.body).not.toContain('name="status"');
    const before = await e.stored();
    for (const [path, form] of [
      [e.path, { intent: "mark", evacueeId: String(e.kim.id), status: "missing" }],
      [`${e.path}/comment`, { content: "Hello" }],
      [`${e.path}/complete`, {}],
      [`${e.path}/delete`, {}],
    ] as const) {
      const r = await e.client.post(path, form, { follow: false });
      expect([path, r.res.status]).toEqual([path, 403]);
    }
    expect(await e.stored()).toEqual(before);
  });

  test("the self-refresh without JavaScript: on the open report only, not on its dialogs, not once completed", async () => {
    const e = await evacuation();
    expect((await e.client.request(e.path)).res.headers.get("refresh")).toBe("30");
    expect((await e.client.request(`${e.path}/comment`)).res.headers.get("refresh")).toBeNull();
    // A browser that ran our scripts this session follows the channel instead.
    e.client.cookies.set("gh_js", "1");
    expect((await e.client.request(e.path)).res.headers.get("refresh")).toBeNull();
    e.client.cookies.delete("gh_js");
    await e.admin.send("POST", `evacuations/${e.id}/complete`, {});
    expect((await e.client.request(e.path)).res.headers.get("refresh")).toBeNull();
  });

  test("an open evacuation cannot be deleted; a completed one can, and is gone", async () => {
    const e = await evacuation();
    let r = await e.client.post(`${e.path}/delete`, {});
    expect(r.body).toContain("Could not delete the evacuation report: Only a completed evacuation can be deleted");
    await e.admin.send("POST", `evacuations/${e.id}/complete`, {});
    r = await e.client.post(`${e.path}/delete`, {});
    expect(messages(r.body).join(" ")).toContain("The evacuation report has been deleted.");
    expect((await e.client.request(e.path)).res.status).toBe(404);
  });
});

describe("space bookings (ADR 036)", () => {
  test("the report lists the bookings under way when it started: who signed in by zone, and who booked but did not, apart", async () => {
    const site = await createUpstreamSite(upstreamUrl(), { client: "eu:1", name: `IT evac spaces ${Math.random().toString(36).slice(2, 7)}`, all_groups: true });
    const hook = (path: string, body: unknown) => upstreamHook<{ id: number }>(upstreamUrl(), "POST", path, body);
    await hook(`sites/${site.id}/spaces`, {});
    const floor = (await hook(`sites/${site.id}/spaces/nodes`, { name: "Floor 3" })).id;
    const bay = (await hook(`sites/${site.id}/spaces/nodes`, { name: "Quiet bay", parent_id: floor })).id;
    const q1 = (await hook(`sites/${site.id}/spaces/nodes`, { name: "Q1", parent_id: bay, category: "desk" })).id;
    const q2 = (await hook(`sites/${site.id}/spaces/nodes`, { name: "Q2", parent_id: bay, category: "desk" })).id;
    const from = new Date(Date.now() - 3_600_000).toISOString();
    const to = new Date(Date.now() + 3_600_000).toISOString();
    await hook(`sites/${site.id}/spaces/bookings`, { space_id: q1, person_name: "Dana Desk", starts_at: from, ends_at: to, used: true });
    await hook(`sites/${site.id}/spaces/bookings`, { space_id: q2, person_name: "Ozzy Offsite", starts_at: from, ends_at: to, used: false });
    const email = uniqueEmail("evac-it-spaces");
    await createUser({ email, role: "Administrator", site_ids: [site.id] });
    const admin = await upstreamAccess(upstreamUrl(), email);
    const started = await admin.send("POST", `sites/${site.id}/evacuations`, {});
    expect(started.status).toBe(200);
    const client = newClient();
    await signIn(client, email);
    const { res, body } = await client.request(`/reports/evacuations/${started.json.id as number}`);
    expect(res.status).toBe(200);
    const text = body.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    expect(text).toContain("Signed in, by zone Floor 3 › Quiet bay Dana Desk · Q1");
    expect(text).toContain("Booked, not signed in Ozzy Offsite · Q2 (Floor 3 › Quiet bay)");
    // The fire list shows the same now, apart from the people signed in.
    const fire = await client.request("/fire-list");
    const fireText = fire.body.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    expect(fireText).toContain("Space bookings Signed in, by zone Floor 3 › Quiet bay Dana Desk · Q1");
    expect(fireText).toContain("Booked, not signed in Ozzy Offsite · Q2 (Floor 3 › Quiet bay)");
  });
});
