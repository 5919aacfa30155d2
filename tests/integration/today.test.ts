/**
 * The Today view's actions through real HTTP: malformed and hostile input gets a 4xx with a
 * translated message and saves nothing; every action checks its right; upstream failures become
 * the spec's sign-in / sign-out toasts with nothing lost. Each test owns a fresh site.
 */
import { describe, expect, test } from "vitest";
import { createUpstreamRole, createUpstreamSite, kioskSignIn } from "../support/hooks";
import { h1, messages } from "../support/client";
import { createUser, hook, newClient, signIn, uniqueEmail, upstreamUrl } from "./helpers";

async function freshSite() {
  const site = await createUpstreamSite(upstreamUrl(), { client: "eu:1", name: `IT ${Math.random().toString(36).slice(2, 7)}`, all_groups: true });
  const group = (name: string) => site.groups.find((g) => g.name === name)!.id;
  return { ...site, group };
}

async function userOn(siteId: number, role = "Administrator") {
  const email = uniqueEmail("today-it");
  await createUser({ email, role, site_ids: [siteId] });
  const client = newClient();
  await signIn(client, email);
  return client;
}

/** What the upstream stored: the site's signed-in count, from the upstream itself. */
async function onSite(site: { id: number }) {
  return (await hook<{ visitors_signed_in_count: number }>("POST", `sites/${site.id}`, {})).visitors_signed_in_count;
}

describe("bad input", () => {
  test("malformed and hostile posts to every Today action: a 4xx with a message, never a 500, nothing saved", async () => {
    const site = await freshSite();
    const client = await userOn(site.id);
    const long = "x".repeat(10_000);
    const page400 = "That request could not be used";
    const cases: [string, Record<string, string>, number, string][] = [
      ["/today", {}, 400, page400],
      ["/today", { intent: "delete-everything", visitId: "1" }, 400, page400],
      ["/today", { intent: "sign-out", visitId: "abc" }, 400, page400],
      ["/today", { intent: "sign-out", visitId: "-1" }, 400, page400],
      ["/today", { intent: "sign-out", visitId: long }, 400, page400],
      ["/today", { intent: "approve", visitId: "1e5" }, 400, page400],
      ["/today", { intent: "auto-refresh", value: "sometimes" }, 400, page400],
      ["/today/sign-in", {}, 400, page400],
      ["/today/sign-in", { siteId: "8", group_id: String(site.group("Visitors")), name: "Foreign" }, 400, page400], // another client's site
      ["/today/sign-in", { siteId: String(site.id) }, 400, "Choose a group."],
      ["/today/sign-in", { siteId: String(site.id), group_id: "x; DROP TABLE visits" }, 400, "Choose a group."],
      ["/today/sign-in", { siteId: String(site.id), group_id: String(site.group("Visitors")) }, 400, "A name is required"],
      ["/today/sign-in", { siteId: String(site.id), group_id: String(site.group("Visitors")), name: long }, 400, "Use at most 100 characters."],
      ["/today/sign-in", { siteId: String(site.id), group_id: String(site.group("Staff")), member_id: "999999" }, 400, "Signing in needs a group member selected"],
      ["/today/sign-out-all", { siteId: String(site.id), group_id: "many" }, 400, "Choose a group."],
      ["/today/sign-out-all", { siteId: "8" }, 400, page400],
    ];
    const failures: string[] = [];
    for (const [path, form, status, text] of cases) {
      const r = await client.post(path, form, { follow: false });
      const shown = `${h1(r.body)} ${messages(r.body).join(" ")} ${r.body.includes(text) ? text : ""}`;
      if (r.res.status !== status || !shown.includes(text)) failures.push(`${path} ${JSON.stringify(form).slice(0, 80)}: ${r.res.status} ${shown.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
    expect(await onSite(site)).toBe(0);
  });

  test("script in a name is stored as text and shown escaped", async () => {
    const site = await freshSite();
    const client = await userOn(site.id);
    const r = await client.post("/today/sign-in", { siteId: String(site.id), group_id: String(site.group("Visitors")), name: "<script>alert(1)</script>" });
    expect(r.res.status).toBe(200);
    expect(r.body).not.toContain("<script>alert(1)</script>");
    expect(r.body).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(await onSite(site)).toBe(1);
  });
});

describe("rights", () => {
  test("each action checks its own right, in the portal as in the upstream", async () => {
    const site = await freshSite();
    const signedIn = await kioskSignIn(upstreamUrl(), "eu", site.device_token, { group_id: site.group("Visitors"), name: "Pat Viewer" });
    if (!signedIn.ok) throw new Error(JSON.stringify(signedIn));
    await createUpstreamRole(upstreamUrl(), { client: "eu:1", name: "Today viewer (it)", rights: ["Today.viewer"] });
    await createUpstreamRole(upstreamUrl(), { client: "eu:1", name: "Today in/out (it)", rights: ["Today.viewer", "Today.signInOut"] });
    const viewer = await userOn(site.id, "Today viewer (it)");
    for (const [path, form] of [
      ["/today", { intent: "sign-out", visitId: String(signedIn.visit.id) }],
      ["/today/sign-in", { siteId: String(site.id), group_id: String(site.group("Visitors")), name: "Nope" }],
      ["/today/sign-out-all", { siteId: String(site.id) }],
    ] as const) {
      const r = await viewer.post(path, form, { follow: false });
      expect(r.res.status, path).toBe(403);
      expect(h1(r.body), path).toBe("Forbidden");
    }
    const inOut = await userOn(site.id, "Today in/out (it)");
    expect((await inOut.post("/today/sign-out-all", { siteId: String(site.id) }, { follow: false })).res.status).toBe(403);
    expect((await inOut.post("/today", { intent: "approve", visitId: String(signedIn.visit.id) }, { follow: false })).res.status).toBe(403);
    expect(await onSite(site)).toBe(1);
    // The one it may do.
    const r = await inOut.post("/today", { intent: "sign-out", visitId: String(signedIn.visit.id), name: "Pat Viewer" });
    expect(messages(r.body).join(" ")).toContain("Pat Viewer is signed out.");
    expect(await onSite(site)).toBe(0);
  });
});

describe("upstream failures", () => {
  test("a failed sign-out shows the spec's toast and the visit stays on site", async () => {
    const site = await freshSite();
    const client = await userOn(site.id);
    const v = await kioskSignIn(upstreamUrl(), "eu", site.device_token, { group_id: site.group("Visitors"), name: "Sam Stay" });
    if (!v.ok) throw new Error(JSON.stringify(v));
    await hook("POST", "faults", { route: "signOut", status: 500, count: 1 });
    const r = await client.post("/today", { intent: "sign-out", visitId: String(v.visit.id), name: "Sam Stay" });
    expect(r.res.status).toBe(200);
    expect(messages(r.body).join(" ")).toContain("Could not sign Sam Stay out. Please try again.");
    expect(await onSite(site)).toBe(1);
    // A 422 shows its first message (spec §8).
    const again = await client.post("/today", { intent: "approve", visitId: String(v.visit.id), name: "Sam Stay" });
    expect(messages(again.body).join(" ")).toMatch(/Could not approve Sam Stay: .+/);
  });

  test("a failed sign-in keeps what was typed and shows the spec's toast", async () => {
    const site = await freshSite();
    const client = await userOn(site.id);
    await hook("POST", "faults", { route: "signIn", status: 503, count: 1 });
    const r = await client.post("/today/sign-in", { siteId: String(site.id), group_id: String(site.group("Visitors")), name: "Marie Kept", company: "Radium Ltd" }, { follow: false });
    expect(r.res.status).toBeGreaterThanOrEqual(500);
    expect(r.res.status).toBeLessThan(600);
    expect(r.body).toContain("Could not sign Marie Kept in. Please try again.");
    expect(r.body).toContain('value="Marie Kept"');
    expect(r.body).toContain('value="Radium Ltd"');
    expect(await onSite(site)).toBe(0);
  });
});
