/**
 * The Today view in a real browser: live updates between two sessions (and from the front-desk
 * kiosk) without a reload; a crafted request for another site's channel gets nothing; a stream
 * that fails twice comes back by its backoff with what it missed, without a page error; the forms
 * (sign in with its validation, sign out, approve, sign out all) and the visit details dialog,
 * with and without JavaScript (@nojs); without it the page refreshes itself
 * (tests/integration/forms-today.test.ts, as are the rights without JavaScript); each right shows or hides
 * its controls. Every test owns a fresh site, so parallel tests never touch each other's counts.
 */
import type { Page, TestInfo } from "@playwright/test";
import { upstreamAccess } from "../support/access";
import { createUpstreamRole, createUpstreamSite, kioskSignIn, kioskSignOut, kioskStartEvacuation } from "../support/hooks";
import { tcpProxy } from "../support/tcp-proxy";
import { checkpoint, createUser, expect, heading, hook, portalUrl, settled, signIn, test, uniqueEmail, upstreamUrl } from "./fixtures";

interface FreshSite {
  id: number;
  name: string;
  token: string;
  /** The Visitors group's id (the kiosk call names the group). */
  visitors: number;
}

async function freshSite(tag: string): Promise<FreshSite> {
  const name = `E2E ${tag} ${Math.random().toString(36).slice(2, 7)}`;
  const site = await createUpstreamSite(upstreamUrl(), { client: "eu:1", name, all_groups: true });
  const visitors = site.groups.find((g) => g.name === "Visitors");
  if (!visitors) throw new Error("the fresh site shows no Visitors group");
  return { id: site.id, name, token: site.device_token, visitors: visitors.id };
}

/** The front desk signs someone in at the site (the upstream broadcasts it). */
async function atKiosk(site: FreshSite, name: string) {
  const r = await kioskSignIn(upstreamUrl(), "eu", site.token, { group_id: site.visitors, name });
  expect(r.ok, JSON.stringify(r)).toBe(true);
}

/** A user of Acme Ltd who sees only this site (so it is the selected one), signed in on Today. */
async function userOn(page: Page, testInfo: TestInfo, site: FreshSite, role = "Administrator", tag = "today") {
  const email = uniqueEmail(tag);
  await createUser({ email, role, site_ids: [site.id], name: `Tester ${tag}` });
  await signIn(page, testInfo, email);
  await expect(page).toHaveURL(/\/today$/);
  await expect(page.getByRole("heading", { level: 2, name: site.name })).toBeVisible();
  return email;
}

const counter = (page: Page) => page.getByTestId("signed-in-count");
const row = (page: Page, name: string) => page.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });

test.describe("live updates @js-only", () => {
  test("a sign-in in one session, and one at the kiosk, reach the other session within 2 s without a reload", async ({ page, browser, baseURL }, testInfo) => {
    const site = await freshSite("live");
    await userOn(page, testInfo, site, "Administrator", "live-a");
    const other = await browser.newContext({ baseURL });
    const watcher = await other.newPage();
    await userOn(watcher, testInfo, site, "Standard User", "live-b");
    await expect(watcher.getByTestId("live-status")).toContainText("Live");
    await expect(page.getByTestId("live-status")).toContainText("Live");
    await expect(counter(watcher)).toHaveText("0");
    await checkpoint(watcher, testInfo, "today, empty, live");
    // Any reload would lose this marker.
    await watcher.evaluate(() => ((window as any).__stillHere = true));

    // Session A signs a visitor in through the dialog.
    await page.getByRole("link", { name: "Sign someone in" }).click();
    await expect(page).toHaveURL(/\/today\/sign-in$/);
    await expect(page.getByRole("dialog", { name: `Sign someone in at ${site.name}` })).toBeVisible();
    await page.getByLabel("Group", { exact: true }).selectOption({ label: "Visitors" });
    await page.getByLabel("Full name").fill("Grace Hopper");
    await page.getByLabel("Company (optional)").fill("Navy");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/today$/);
    await expect(page.getByText("Grace Hopper is signed in.")).toBeVisible();

    await expect(counter(watcher)).toHaveText("1", { timeout: 2000 });
    await expect(row(watcher, "Grace Hopper")).toBeVisible({ timeout: 2000 });
    await expect(watcher.getByRole("heading", { name: /Visitors/ })).toBeVisible();

    // The front desk signs someone in: both sessions see it.
    await atKiosk(site, "Alan Turing");
    await expect(counter(watcher)).toHaveText("2", { timeout: 2000 });
    await expect(counter(page)).toHaveText("2", { timeout: 2000 });
    await expect(row(watcher, "Alan Turing")).toContainText("Front desk");

    // And the watcher signs Grace out: session A follows.
    await row(watcher, "Grace Hopper").getByRole("button", { name: "Sign out Grace Hopper" }).click();
    await expect(watcher.getByText("Grace Hopper is signed out.")).toBeVisible();
    await expect(counter(page)).toHaveText("1", { timeout: 2000 });
    await expect(row(page, "Grace Hopper")).toHaveCount(0, { timeout: 2000 });
    await checkpoint(page, testInfo, "today, live list");
    // Session A's page never reloaded: its realtime stream is the one it opened.
    await other.close();
    expect(await page.evaluate(() => performance.getEntriesByType("navigation").length)).toBe(1);
  });

  test("a kiosk departure of a sign-out-first member appears under Out now within 2 s, without a reload", async ({ page }, testInfo) => {
    // Umbrella Corp (eu:6): its groups stay out of Acme's fresh sites.
    const tag = Math.random().toString(36).slice(2, 7);
    const site = await createUpstreamSite(upstreamUrl(), { client: "eu:6", name: `E2E out now ${tag}` });
    const group = await hook<{ name: string; members: { id: number }[] }>("POST", "groups", {
      client: "eu:6",
      name: `Boarders ${tag}`,
      site_ids: [site.id],
      allow_sign_out_first: true,
      members: ["Tia Travels"],
    });
    const email = uniqueEmail("out-now");
    await createUser({ email, role: "Administrator", client: "eu:6", site_ids: [site.id] });
    await signIn(page, testInfo, email);
    await expect(page.getByRole("heading", { level: 2, name: site.name })).toBeVisible();
    await expect(page.getByTestId("live-status")).toContainText("Live");
    const out = page.getByRole("region", { name: new RegExp(`^Out now: ${group.name}`) });
    await expect(out).toContainText("Nobody in this group is out.");
    await page.evaluate(() => ((window as any).__stillHere = true));

    const left = await kioskSignOut(upstreamUrl(), "eu", site.device_token, { member_id: group.members[0]!.id });
    expect(left.ok && left.visit.status, JSON.stringify(left)).toBe("away");
    await expect(row(page, "Tia Travels")).toBeVisible({ timeout: 2000 });
    await expect(out.getByRole("button", { name: "Signed back in: Tia Travels" })).toBeVisible();
    await expect(counter(page)).toHaveText("0");
    await checkpoint(page, testInfo, "today, out now");
    expect(await page.evaluate(() => (window as any).__stillHere)).toBe(true);
  });

  test("the evacuation card follows a kiosk start and a completion within 2 s, without a reload", async ({ page }, testInfo) => {
    const site = await freshSite("evac-card");
    const email = await userOn(page, testInfo, site, "Administrator", "evac-card");
    await expect(page.getByTestId("live-status")).toContainText("Live");
    const card = page.getByTestId("evacuation-status");
    await expect(card).toHaveText("None");
    await page.evaluate(() => ((window as any).__stillHere = true));

    const started = await kioskStartEvacuation(upstreamUrl(), "eu", site.token);
    if (!started.ok) throw new Error(`the kiosk could not start an evacuation: ${JSON.stringify(started)}`);
    await expect(card).toHaveText("In progress", { timeout: 2000 });
    await checkpoint(page, testInfo, "today, evacuation in progress");

    const api = await upstreamAccess(upstreamUrl(), email);
    expect((await api.send("POST", `evacuations/${started.evacuation.id}/complete`, {})).status).toBe(200);
    await expect(card).toHaveText("None", { timeout: 2000 });
    expect(await page.evaluate(() => (window as any).__stillHere)).toBe(true);
  });

  test("a user without access to a site gets none of its events, even asking for its channel by name", async ({ page, browser, baseURL }, testInfo) => {
    const site = await freshSite("crafted");
    const elsewhere = await freshSite("elsewhere");
    await userOn(page, testInfo, elsewhere, "Administrator", "crafted");
    // A crafted stream request for the other site's channel, with this user's own session.
    const stream = page.evaluate(async (channel) => {
      const controller = new AbortController();
      const res = await fetch(`/realtime?channels=${encodeURIComponent(channel)},private-Site.999999`, { signal: controller.signal });
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let text = "";
      const until = Date.now() + 3000;
      while (Date.now() < until) {
        const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), until - Date.now()))]);
        if (!chunk || chunk.done) break;
        text += decoder.decode(chunk.value);
      }
      controller.abort();
      return { status: res.status, text };
    }, `private-Site.${site.id}`);
    // Meanwhile someone signs in at that site (and a session that may see it proves it was broadcast).
    const other = await browser.newContext({ baseURL });
    const watcher = await other.newPage();
    await userOn(watcher, testInfo, site, "Administrator", "crafted-ok");
    await expect(watcher.getByTestId("live-status")).toContainText("Live");
    await atKiosk(site, "Secret Visitor");
    // Live, no reload: the event was broadcast while the crafted stream was open.
    await expect(row(watcher, "Secret Visitor")).toBeVisible({ timeout: 2000 });
    const { status, text } = await stream;
    expect(status).toBe(200);
    expect(text).toContain("event: refused");
    expect(text).toContain(`private-Site.${site.id}`);
    expect(text).not.toContain("event: subscribed");
    expect(text).not.toContain("Secret Visitor");
    expect(text).not.toContain("SignInEvent");
    await other.close();
  });
});

test.describe("reconnection @js-only", () => {
  test("the stream fails twice, comes back by its backoff (1 s, 2 s) and shows what it missed, without a reload or a page error", async ({ browser }, testInfo) => {
    const site = await freshSite("reconnect");
    // The page reaches the portal through a relay that can drop its connections as a network does.
    const relay = await tcpProxy({ host: "127.0.0.1", port: Number(new URL(portalUrl()).port) });
    const context = await browser.newContext({ baseURL: relay.url });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on("pageerror", (e) => pageErrors.push(String(e)));
    // The stream's requests once the connection has dropped: the first retry is refused, the
    // second waits until the change below has been made while the page was disconnected, then goes
    // through. Before the drop every request goes through.
    let dropped = 0;
    const retries: number[] = [];
    let changeMade = () => {};
    const changed = new Promise<void>((resolve) => (changeMade = resolve));
    await page.route(/\/realtime\?/, async (route) => {
      if (!dropped) return route.continue();
      retries.push(Date.now());
      if (retries.length === 1) return route.abort("connectionrefused");
      if (retries.length === 2) await changed;
      return route.continue();
    });

    await userOn(page, testInfo, site, "Administrator", "reconnect");
    const status = page.getByTestId("live-status");
    await expect(status).toContainText("Live");
    await expect(counter(page)).toHaveText("0");
    await page.evaluate(() => ((window as any).__stillHere = true));

    // First failure: the connection drops.
    dropped = Date.now();
    relay.dropAll();
    await expect(status).toContainText("Reconnecting");
    // Someone signs in at the front desk while the page is not listening.
    await atKiosk(site, "Ada Lovelace");
    changeMade();

    // Second failure (the retry after ~1 s is refused), then the retry after ~2 s goes through: live
    // again within the backoff (at most 1.2 s + 2.4 s, and the time to connect), the missed sign-in
    // reloaded.
    await expect(status).toContainText("Live", { timeout: 8000 });
    await expect(row(page, "Ada Lovelace")).toBeVisible({ timeout: 3000 });
    await expect(counter(page)).toHaveText("1");
    expect(retries).toHaveLength(2);
    // Each retry waited its backoff (1 s, then 2 s, less 20 % at most) rather than hammering.
    expect(retries[0]! - dropped).toBeGreaterThanOrEqual(800);
    expect(retries[1]! - retries[0]!).toBeGreaterThanOrEqual(1600);
    await checkpoint(page, testInfo, "today, live again after a reconnection");

    // And it is live, not merely reloaded once: the next sign-in arrives as an event.
    await atKiosk(site, "Charles Babbage");
    await expect(row(page, "Charles Babbage")).toBeVisible({ timeout: 2000 });
    await expect(counter(page)).toHaveText("2");
    expect(await page.evaluate(() => (window as any).__stillHere)).toBe(true);
    expect(await page.evaluate(() => performance.getEntriesByType("navigation").length)).toBe(1);
    expect(pageErrors).toEqual([]);
    await context.close();
    await relay.close();
  });
});

test.describe("forms, with and without JavaScript", () => {
  test("sign in (with the spec's messages), open the visit, sign out, approve, sign out all @nojs", async ({ page }, testInfo) => {
    const site = await freshSite("forms");
    await userOn(page, testInfo, site, "Administrator", "forms");
    await expect(counter(page)).toHaveText("0");
    await expect(page.getByText("Nobody is signed in at this site right now.")).toBeVisible();
    await checkpoint(page, testInfo, "today, empty");

    // Sign in: nothing chosen, then a returning group without its member.
    await page.getByRole("link", { name: "Sign someone in" }).click();
    await expect(page).toHaveURL(/\/today\/sign-in$/);
    await checkpoint(page, testInfo, "sign-in dialog");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByText("Choose a group.")).toBeVisible();
    await page.getByLabel("Group", { exact: true }).selectOption({ label: "Staff" });
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByText("Signing in needs a group member selected")).toBeVisible();
    await checkpoint(page, testInfo, "sign-in dialog with errors");

    // A visitor, keeping the input through a validation round (a name is required).
    await page.getByLabel("Group", { exact: true }).selectOption({ label: "Visitors" });
    await page.getByLabel("Company (optional)").fill("Radium Ltd");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByText("A name is required")).toBeVisible();
    await expect(page.getByLabel("Company (optional)")).toHaveValue("Radium Ltd");
    await page.getByLabel("Full name").fill("Marie Curie");
    await page.getByLabel("Visiting (optional)").fill("Pierre");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/today$/);
    await expect(page.getByText("Marie Curie is signed in.")).toBeVisible();
    await expect(counter(page)).toHaveText("1");
    await expect(row(page, "Marie Curie")).toContainText("Radium Ltd");

    // The visit details dialog and its tabs.
    await row(page, "Marie Curie").getByRole("link", { name: "Marie Curie" }).click();
    await expect(page).toHaveURL(/\/today\/visits\/\d+\/details$/);
    const dialog = page.getByRole("dialog", { name: "Marie Curie" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Pierre")).toBeVisible();
    await checkpoint(page, testInfo, "visit details");
    for (const [tab, expected] of [
      ["Absence", "Absences are recorded for group members only; this is a visitor."],
      ["History", "No other visits."],
      ["Badge", "Badge number"],
      ["Documents", "Documents are kept for group members only; this is a visitor."],
    ] as const) {
      await dialog.getByRole("link", { name: tab, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/today/visits/\\d+/${tab.toLowerCase()}$`));
      await expect(dialog.getByText(expected)).toBeVisible();
    }
    await checkpoint(page, testInfo, "visit badge tab");
    await dialog.getByRole("button", { name: "Sign out Marie Curie" }).click();
    await expect(page).toHaveURL(/\/today$/);
    await expect(page.getByText("Marie Curie is signed out.")).toBeVisible();
    await expect(counter(page)).toHaveText("0");

    // A contractor waits for approval, then is approved.
    await page.getByRole("link", { name: "Sign someone in" }).click();
    await page.getByLabel("Group", { exact: true }).selectOption({ label: "Contractors (needs approval)" });
    await settled(page, testInfo);
    const member = page.getByLabel("Group member");
    const firstContractor = (await member.locator("optgroup[label='Contractors'] option").first().textContent())!.trim();
    await member.selectOption({ label: firstContractor });
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByText(`${firstContractor} is waiting for approval.`)).toBeVisible();
    await expect(page.getByRole("heading", { name: /Waiting for approval/ })).toBeVisible();
    await expect(counter(page)).toHaveText("0");
    await checkpoint(page, testInfo, "today with a pending sign-in");
    await page.getByRole("button", { name: `Approve ${firstContractor}` }).click();
    await expect(page.getByText(`${firstContractor} is approved and signed in.`)).toBeVisible();
    await expect(counter(page)).toHaveText("1");

    // Sign out all, after a confirmation that says how many.
    await page.getByRole("link", { name: "Sign out all" }).click();
    await expect(page).toHaveURL(/\/today\/sign-out-all$/);
    await expect(page.getByText(`1 person is signed in at ${site.name}.`)).toBeVisible();
    await checkpoint(page, testInfo, "sign out all dialog");
    await page.getByRole("button", { name: "Sign out now" }).click();
    await expect(page.getByText("1 person signed out.")).toBeVisible();
    await expect(counter(page)).toHaveText("0");
    // What the upstream stored, after a reload.
    await page.reload();
    await expect(counter(page)).toHaveText("0");
    await expect(page.getByText("Nobody is signed in at this site right now.")).toBeVisible();
  });
  // Without JavaScript the page refreshes itself (Refresh: 30, with an off switch): tests/integration/forms-today.test.ts.
});

test.describe("rights", () => {
  test("a viewer-only role sees the list without its buttons and cannot open the sign-in form", async ({ page }, testInfo) => {
    const site = await freshSite("viewer");
    await createUpstreamRole(upstreamUrl(), { client: "eu:1", name: "Today viewer", rights: ["Today.viewer"] });
    await userOn(page, testInfo, site, "Today viewer", "viewer");
    await atKiosk(site, "Read Only");
    await page.reload();
    await expect(row(page, "Read Only")).toBeVisible();
    await expect(page.getByRole("button", { name: /Sign out/ })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Sign someone in" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Sign out all" })).toHaveCount(0);
    await checkpoint(page, testInfo, "today, read only");
    const res = await page.goto("/today/sign-in");
    expect(res?.status()).toBe(403);
    await expect(heading(page)).toHaveText("Forbidden");
  });

  test("without the today-view right the counter shows, the list does not", async ({ page }, testInfo) => {
    const site = await freshSite("nolist");
    await createUpstreamRole(upstreamUrl(), { client: "eu:1", name: "Reports only", rights: ["History.viewer"] });
    await userOn(page, testInfo, site, "Reports only", "nolist");
    await expect(page.getByText("You do not have permission to see who is signed in here.")).toBeVisible();
    await expect(counter(page)).toHaveText("0");
    await checkpoint(page, testInfo, "today without the list");
  });
});

