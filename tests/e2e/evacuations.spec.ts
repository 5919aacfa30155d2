/**
 * Evacuation reports in a real browser: three sessions (two with JavaScript, one without) work one
 * live evacuation at once and converge on what the upstream stored; the one without JavaScript
 * completes it and the others see it complete and read-only. Dropped and reordered events still
 * converge (by reload). The reports index and list, the comment form's validation, the global
 * error dialog, and deleting a completed report — with JavaScript (the comment and error dialog also without it; the rest without
 * it: tests/integration/forms-today.test.ts). Every test owns a
 * fresh site, so parallel tests never share an evacuation.
 */
import type { Browser, Page, TestInfo } from "@playwright/test";
import { upstreamAccess } from "../support/access";
import { createUpstreamSite, kioskSignIn } from "../support/hooks";
import { checkpoint, createUser, expect, heading, jsEnabled, settled, signIn, test, uniqueEmail, upstreamUrl } from "./fixtures";

interface Evacuation {
  id: number;
  site: { id: number; name: string };
  path: string;
}

/** A fresh site with these people signed in at its kiosk (Visitors group). */
async function siteWith(tag: string, people: string[]) {
  const name = `E2E evac ${tag} ${Math.random().toString(36).slice(2, 7)}`;
  const site = await createUpstreamSite(upstreamUrl(), { client: "eu:1", name, all_groups: true, evacuation_points: ["Front steps", "Car park"] });
  const visitors = site.groups.find((g) => g.name === "Visitors")!.id;
  for (const person of people) {
    const r = await kioskSignIn(upstreamUrl(), "eu", site.device_token, { group_id: visitors, name: person });
    expect(r.ok, JSON.stringify(r)).toBe(true);
  }
  return { id: site.id, name };
}

/** A user of Acme Ltd who sees only this site, signed in. */
async function userOn(page: Page, testInfo: TestInfo, siteId: number, role: string, tag: string) {
  const email = uniqueEmail(tag);
  await createUser({ email, role, site_ids: [siteId], name: `Warden ${tag}` });
  await signIn(page, testInfo, email);
  await expect(page).toHaveURL(/\/today$/);
  return email;
}

/** Start from the fire list: the portal goes straight to the live report. */
async function startFromFireList(page: Page, site: { id: number; name: string }): Promise<Evacuation> {
  await page.goto("/fire-list");
  await page.getByRole("button", { name: "Start an evacuation" }).click();
  await expect(page).toHaveURL(/\/reports\/evacuations\/\d+$/);
  await expect(page.getByText(`An evacuation of ${site.name} has started.`)).toBeVisible();
  const id = Number(new URL(page.url()).pathname.split("/").pop());
  return { id, site, path: `/reports/evacuations/${id}` };
}

async function noJsPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  return { context, page: await context.newPage() };
}

const row = (page: Page, name: string) => page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(`^${name}`) }) });
const markButton = (page: Page, name: string, label: string) => row(page, name).getByRole("button", { name: label, exact: true });

/** What the page shows: each evacuee's status, the comments, the status line. */
async function shown(page: Page) {
  return page.evaluate(() => ({
    evacuees: Object.fromEntries([...document.querySelectorAll("tr[data-evacuee-id]")].map((tr) => [tr.querySelector("th")!.childNodes[0]!.textContent, tr.getAttribute("data-status")])),
    comments: [...document.querySelectorAll("[data-testid=comments] .comment-list__body")].map((p) => p.textContent),
    status: document.querySelector("[data-testid=evacuation-status]")?.textContent?.replace(/^[■●]\s*/, "") ?? null,
  }));
}

/** The same, from the upstream's stored report. */
async function stored(email: string, id: number) {
  const { get } = await upstreamAccess(upstreamUrl(), email);
  const r = await get(`evacuations/${id}`);
  const label: Record<string, string> = { created: "Started", in_progress: "In progress", completed: "Completed" };
  return {
    evacuees: Object.fromEntries(r.evacuees.map((e: { name: string; status: string }) => [e.name, e.status])),
    comments: r.comments.map((c: { content: string }) => c.content),
    status: label[r.evacuation.status],
  };
}

test.describe("three sessions on one evacuation @js-only", () => {
  test("marks and comments from three sessions at once converge within 2 s; the session without JavaScript completes it", async ({ page, browser, baseURL }, testInfo) => {
    test.setTimeout(60_000);
    const site = await siteWith("three", ["Ann Archer", "Ben Baker", "Cat Carter", "Dev Dyer"]);
    const emailA = await userOn(page, testInfo, site.id, "Administrator", "warden-a");
    const evacuation = await startFromFireList(page, site);
    await expect(page.getByTestId("live-status")).toContainText("Live");
    await checkpoint(page, testInfo, "evacuation report, live");

    const second = await browser.newContext({ baseURL });
    const pageB = await second.newPage();
    await userOn(pageB, testInfo, site.id, "Standard User", "warden-b");
    await pageB.goto(evacuation.path);
    await settled(pageB, testInfo);
    await expect(pageB.getByTestId("live-status")).toContainText("Live");

    const third = await noJsPage(browser, baseURL);
    const pageC = third.page;
    const noJs = { ...testInfo, project: { ...testInfo.project, use: { ...testInfo.project.use, javaScriptEnabled: false } } } as TestInfo;
    await userOn(pageC, noJs, site.id, "Administrator", "warden-c");
    const opened = await pageC.goto(evacuation.path);
    expect(opened?.headers()["refresh"]).toBe("30");
    await expect(pageC.getByTestId("live-status")).toHaveText(/refreshes every 30 seconds/);
    // B and C joining made A reload (EvacuationReadyEvent): A must still be live and current.
    await expect(row(page, "Ann Archer")).toHaveAttribute("data-status", "unaccounted");

    // At once: A marks Ann, B marks Ben missing and comments about Cat, C (no JavaScript) marks Dev.
    await Promise.all([
      markButton(page, "Ann Archer", "Mark Ann Archer as accounted for").click(),
      (async () => {
        await markButton(pageB, "Ben Baker", "Mark Ben Baker as missing").click();
        await pageB.getByRole("link", { name: "Add a comment" }).click();
        const dialog = pageB.getByRole("dialog", { name: "Add a comment" });
        await dialog.getByLabel("About", { exact: true }).selectOption({ label: "Cat Carter" });
        await dialog.getByLabel("Comment", { exact: true }).fill("Cat was seen leaving by the east stairs");
        await dialog.getByRole("button", { name: "Add comment" }).click();
      })(),
      (async () => {
        await row(pageC, "Dev Dyer").getByLabel("Evacuation point for Dev Dyer").selectOption({ label: "Car park" });
        await markButton(pageC, "Dev Dyer", "Mark Dev Dyer as having left the site").click();
      })(),
    ]);
    await expect(pageC.getByText("Dev Dyer is marked as having left the site.")).toBeVisible();

    const expected = {
      evacuees: { "Ann Archer": "accounted_for", "Ben Baker": "missing", "Cat Carter": "unaccounted", "Dev Dyer": "left_site" },
      comments: ["Cat was seen leaving by the east stairs"],
      status: "In progress",
    };
    // The two live sessions converge within 2 s, on what the upstream stored.
    for (const p of [page, pageB]) await expect.poll(() => shown(p), { timeout: 2000, intervals: [100] }).toEqual(expected);
    expect(await stored(emailA, evacuation.id)).toEqual(expected);
    await expect(page.getByTestId("accounted-count")).toHaveText("1 of 4");
    await expect(row(page, "Dev Dyer")).toContainText("Car park");
    // The session without JavaScript gets there on its next refresh (the page's Refresh header).
    await pageC.reload();
    expect(await shown(pageC)).toEqual(expected);
    await checkpoint(pageC, noJs, "evacuation report without JavaScript");

    // C completes it, with a closing comment, through the dialog page.
    await pageC.getByRole("link", { name: "Complete evacuation" }).click();
    await expect(pageC).toHaveURL(new RegExp(`${evacuation.path}/complete$`));
    await expect(pageC.getByText("2 of 4 people are not accounted for.", { exact: false })).toBeVisible();
    await checkpoint(pageC, noJs, "complete dialog without JavaScript");
    await pageC.getByLabel("Closing comment (optional)").fill("Roll call closed by the fire marshal");
    await pageC.getByRole("button", { name: "Complete and lock the report" }).click();
    await expect(pageC).toHaveURL(new RegExp(`${evacuation.path}$`));
    await expect(pageC.getByText(`The evacuation of ${site.name} is complete.`)).toBeVisible();
    await expect(pageC.getByTestId("evacuation-status")).toHaveText(/Completed/);
    expect((await pageC.request.get(evacuation.path)).headers()["refresh"]).toBeUndefined();

    // The others see it complete and read-only, within 2 s, without a reload.
    const done = { ...expected, comments: [...expected.comments, "Roll call closed by the fire marshal"], status: "Completed" };
    for (const p of [page, pageB]) {
      await expect.poll(() => shown(p), { timeout: 2000, intervals: [100] }).toEqual(done);
      await expect(p.getByText("This evacuation is completed. The report is read-only.")).toBeVisible();
      await expect(p.getByRole("button", { name: /^Mark / })).toHaveCount(0);
      await expect(p.getByRole("link", { name: "Complete evacuation" })).toHaveCount(0);
      await expect(p.getByRole("link", { name: "Add a comment" })).toHaveCount(0);
    }
    expect(await stored(emailA, evacuation.id)).toEqual(done);
    await checkpoint(page, testInfo, "completed report, read-only");
    await second.close();
    await third.context.close();
  });

  test("dropped and reordered events on the way still converge, by reloading the report", async ({ page, browser, baseURL }, testInfo) => {
    const site = await siteWith("faults", ["Eve Evans", "Fay Fox", "Gus Grant"]);
    const email = await userOn(page, testInfo, site.id, "Administrator", "faults-a");
    const evacuation = await startFromFireList(page, site);
    const other = await browser.newContext({ baseURL });
    const watcher = await other.newPage();
    await userOn(watcher, testInfo, site.id, "Administrator", "faults-b");
    await watcher.goto(evacuation.path);
    await settled(watcher, testInfo);
    await expect(watcher.getByTestId("live-status")).toContainText("Live");
    await expect(row(watcher, "Eve Evans")).toBeVisible();
    // Count the report's data loads from here on.
    let loads = 0;
    watcher.on("request", (r) => {
      // Remix's data requests for this route: `{path}.data` (single fetch).
      if (new URL(r.url()).pathname === `${evacuation.path}.data`) loads++;
    });

    // The next three events: the first is lost, the second arrives after the third.
    await fetch(`${upstreamUrl()}/__test/realtime/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ channel: `private-Evacuation.${evacuation.id}`, plan: ["drop", "hold", "pass"] }),
    });
    const { get, send } = await upstreamAccess(upstreamUrl(), email);
    const report = await get(`evacuations/${evacuation.id}`);
    const idOf = (name: string) => report.evacuees.find((e: { name: string }) => e.name === name).id;
    for (const [name, status] of [["Eve Evans", "accounted_for"], ["Fay Fox", "missing"], ["Gus Grant", "accounted_for"]] as const) {
      const r = await send("PATCH", `evacuations/${evacuation.id}/evacuees/${idOf(name)}`, { status });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
    }
    const expected = {
      evacuees: { "Eve Evans": "accounted_for", "Fay Fox": "missing", "Gus Grant": "accounted_for" },
      comments: [],
      status: "In progress",
    };
    for (const p of [watcher, page]) await expect.poll(() => shown(p), { timeout: 3000, intervals: [100] }).toEqual(expected);
    expect(await stored(email, evacuation.id)).toEqual(expected);
    // It got there by reloading (the third event was not the next number), not by luck.
    expect(loads).toBeGreaterThan(0);
    await expect(watcher.getByTestId("accounted-count")).toHaveText("2 of 3");
    await other.close();
  });
});

test.describe("reports", () => {
  test("the reports index and list lead to a past drill's read-only report", async ({ page }, testInfo) => {
    await signIn(page, testInfo, "admin@example.com");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Reports" }).click();
    await expect(page).toHaveURL(/\/reports$/);
    await expect(heading(page)).toHaveText("Reports");
    await checkpoint(page, testInfo, "reports index");
    await page.getByRole("link", { name: "Evacuation reports" }).click();
    await expect(page).toHaveURL(/\/reports\/evacuations$/);
    await expect(heading(page)).toHaveText("Evacuation reports");
    await checkpoint(page, testInfo, "evacuation reports list");
    // Filtered to Head Office (a GET form: the same with and without JavaScript).
    await page.getByRole("main").getByLabel("Site").selectOption({ label: "Head Office" });
    await page.getByRole("main").getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/site=\d+/);
    const drill = page.getByRole("row").filter({ hasText: "Head Office" }).filter({ hasText: "Completed" }).last();
    await drill.getByRole("link").click();
    await expect(page).toHaveURL(/\/reports\/evacuations\/\d+$/);
    await expect(heading(page)).toHaveText("Evacuation report: Head Office");
    await expect(page.getByText("This evacuation is completed. The report is read-only.")).toBeVisible();
    await expect(page.getByText("Drill complete: everyone accounted for in 11 minutes.").first()).toBeVisible();
    await expect(row(page, "Bob Mason")).toHaveAttribute("data-status", "left_site");
    await expect(page.getByRole("button", { name: /^Mark / })).toHaveCount(0);
    await checkpoint(page, testInfo, "past drill report");
  });

  test("a comment needs text; a mark on a report completed elsewhere shows the error dialog @nojs", async ({ page }, testInfo) => {
    const site = await siteWith("errors", ["Hal Hughes"]);
    const email = await userOn(page, testInfo, site.id, "Administrator", "errors");
    const evacuation = await startFromFireList(page, site);

    await page.getByRole("link", { name: "Add a comment" }).click();
    await expect(page).toHaveURL(new RegExp(`${evacuation.path}/comment$`));
    const dialog = page.getByRole("dialog", { name: "Add a comment" });
    await settled(page, testInfo);
    await dialog.getByRole("button", { name: "Add comment" }).click();
    await expect(dialog.getByText("A comment is required")).toBeVisible();
    await checkpoint(page, testInfo, "comment dialog with an error");
    await dialog.getByLabel("Comment", { exact: true }).fill("Checked the car park");
    await dialog.getByRole("button", { name: "Add comment" }).click();
    await expect(page).toHaveURL(new RegExp(`${evacuation.path}$`));
    await expect(page.getByText("Your comment has been added.")).toBeVisible();
    await expect(page.getByTestId("comments")).toContainText("Checked the car park");

    // Someone completes it elsewhere; this page (without JavaScript: not yet refreshed) still offers marks.
    const { send } = await upstreamAccess(upstreamUrl(), email);
    expect((await send("POST", `evacuations/${evacuation.id}/complete`, {})).status).toBe(200);
    if (jsEnabled(testInfo)) {
      // With JavaScript the page follows at once: read-only.
      await expect(page.getByRole("button", { name: /^Mark / })).toHaveCount(0, { timeout: 2000 });
      return;
    }
    await markButton(page, "Hal Hughes", "Mark Hal Hughes as accounted for").click();
    const error = page.getByRole("alertdialog", { name: "Something went wrong" });
    await expect(error).toBeVisible();
    await expect(error).toContainText("Could not update Hal Hughes: This evacuation is completed and can no longer be changed");
    await expect(page.getByText("This evacuation is completed. The report is read-only.")).toBeVisible();
    await checkpoint(page, testInfo, "error dialog");
    await error.getByRole("button", { name: "Close" }).click();
    await expect(error).toBeHidden();
  });

  test("a completed report can be deleted after a confirmation", async ({ page }, testInfo) => {
    const site = await siteWith("delete", ["Ivy Irons"]);
    const email = await userOn(page, testInfo, site.id, "Administrator", "delete");
    const evacuation = await startFromFireList(page, site);
    const { send } = await upstreamAccess(upstreamUrl(), email);
    expect((await send("POST", `evacuations/${evacuation.id}/complete`, {})).status).toBe(200);
    await page.goto(evacuation.path);
    await page.getByRole("link", { name: "Delete report" }).click();
    await expect(page).toHaveURL(new RegExp(`${evacuation.path}/delete$`));
    await expect(page.getByRole("dialog", { name: "Delete this evacuation report?" })).toBeVisible();
    await checkpoint(page, testInfo, "delete dialog");
    await page.getByRole("button", { name: "Delete the report" }).click();
    await expect(page).toHaveURL(/\/reports\/evacuations$/);
    await expect(page.getByText("The evacuation report has been deleted.")).toBeVisible();
    const res = await page.goto(evacuation.path);
    expect(res?.status()).toBe(404);
  });

  test("a role that may view reports but not edit sees no controls and cannot open the dialogs", async ({ page }, testInfo) => {
    const site = await siteWith("viewer", ["Jo Jones"]);
    const adminEmail = uniqueEmail("viewer-admin");
    await createUser({ email: adminEmail, role: "Administrator", site_ids: [site.id] });
    const { send } = await upstreamAccess(upstreamUrl(), adminEmail);
    const started = await send("POST", `sites/${site.id}/evacuations`, {});
    expect(started.status).toBe(200);
    const { createUpstreamRole } = await import("../support/hooks");
    await createUpstreamRole(upstreamUrl(), { client: "eu:1", name: "Evacuation viewer", rights: ["EvacReport.viewer", "EvacList.viewer"] });
    await userOn(page, testInfo, site.id, "Evacuation viewer", "viewer");
    const path = `/reports/evacuations/${started.json.id}`;
    await page.goto(path);
    await expect(row(page, "Jo Jones")).toBeVisible();
    await expect(page.getByRole("button", { name: /^Mark / })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Add a comment" })).toHaveCount(0);
    await checkpoint(page, testInfo, "report, view only");
    for (const dialog of ["comment", "complete", "delete"]) {
      const res = await page.goto(`${path}/${dialog}`);
      expect(res?.status(), dialog).toBe(403);
    }
  });
});
