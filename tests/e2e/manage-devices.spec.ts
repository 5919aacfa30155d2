/**
 * A site's devices, sign-in points, attendees and settings tabs, with JavaScript (without it:
 * tests/integration/forms-manage.test.ts): an
 * administrator on a fresh site of their own connects a kiosk with the code its app shows (a
 * mistyped, an expired and a used code first), sees it online/offline and its app up to date or
 * outdated in words, renames and disconnects it; adds, renames and deletes a sign-in point (its QR
 * code shown); on an event adds an attendee with a UK number typed nationally (stored E.164), an
 * invalid one refused; changes the kiosk settings within their bounds. After each step a reload
 * shows what the upstream stored (and the upstream is asked directly where the page cannot tell).
 */
import type { Page } from "@playwright/test";
import { upstreamAccess } from "../support/access";
import { createUpstreamSite } from "../support/hooks";
import { checkpoint, createUser, expect, hook, jsEnabled, settled, signIn, test, uniqueEmail, upstreamUrl } from "./fixtures";

const tag = () => Math.random().toString(36).slice(2, 7);

/** A fresh administrator of Acme Ltd (eu:1, which has the site-settings flag) on a fresh site. */
async function adminOnSite(page: Page, testInfo: Parameters<typeof signIn>[1], type: "standard" | "event" = "standard") {
  const email = uniqueEmail("manage-devices");
  await createUser({ email, role: "Administrator", client: "eu:1", name: "Dev Ops" });
  const site = await createUpstreamSite(upstreamUrl(), { client: "eu:1", name: `E2E ${type === "event" ? "Gala" : "Depot"} ${tag()}`, type });
  await signIn(page, testInfo, email);
  await expect(page).toHaveURL(/\/today$/);
  return { site, api: await upstreamAccess(upstreamUrl(), email), base: `/manage/site/${site.id}` };
}

/** A code as the kiosk app would show it. */
const deviceCode = (body: Record<string, unknown> = {}) => hook<{ code: string; token: string }>("POST", "device-codes", { region: "eu", ...body });

test("connect a kiosk with its code, see its state in words, rename it and disconnect it", async ({ page }, testInfo) => {
  const { site, api, base } = await adminOnSite(page, testInfo);
  await page.goto(`${base}/details`);
  await page.getByRole("navigation", { name: "Site sections" }).getByRole("link", { name: "Devices" }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/devices$`));
  // The fresh site's own kiosk has never called in.
  const testKiosk = page.getByRole("row").filter({ hasText: "Test kiosk" });
  await expect(testKiosk).toContainText("Offline");
  await expect(testKiosk).toContainText("Never");
  await checkpoint(page, testInfo, "devices");

  // A mistyped code, an expired one: each says why, and nothing is connected.
  const code = page.getByLabel("Authorisation code");
  await code.fill("123 45");
  await page.getByLabel("Device name").fill("Reception iPad");
  await page.getByRole("button", { name: "Connect device" }).click();
  await expect(page.getByText("Enter the 7-digit code shown on the device")).toBeVisible();
  await expect(code).toHaveValue("123 45");
  await checkpoint(page, testInfo, "connect, code mistyped");
  const expired = await deviceCode({ expired: true });
  await code.fill(expired.code);
  await page.getByRole("button", { name: "Connect device" }).click();
  await expect(page.getByText("This code has expired: the device will show a new one")).toBeVisible();
  await expect(page.getByLabel("Device name")).toHaveValue("Reception iPad");

  // The real code, typed the way people read it ("123 4567").
  const shown = await deviceCode({ app_version: "3.12.0" });
  await code.fill(`${shown.code.slice(0, 3)} ${shown.code.slice(3)}`);
  await page.getByRole("button", { name: "Connect device" }).click();
  await expect(page.getByText("Reception iPad is connected.")).toBeVisible();
  await page.reload();
  const row = page.getByRole("row").filter({ hasText: "Reception iPad" });
  await expect(row).toContainText("Offline");
  await expect(row).toContainText("App up to date");
  await expect(row).toContainText("3.12.0");
  await checkpoint(page, testInfo, "device connected");

  // The same code again: it has been used.
  await settled(page, testInfo);
  await code.fill(shown.code);
  await page.getByLabel("Device name").fill("Second iPad");
  await page.getByRole("button", { name: "Connect device" }).click();
  await expect(page.getByText("This code is not valid: check the code the device shows")).toBeVisible();
  expect((await api.get(`sites/${site.id}/devices`)).map((d: { name: string }) => d.name).sort()).toEqual(["Reception iPad", "Test kiosk"]);

  // The kiosk calls in with an old app: online, outdated; an hour later: offline.
  const deviceId = Number(await row.getAttribute("data-device-id"));
  await hook("POST", `devices/${deviceId}`, { last_seen_seconds_ago: 0, app_version: "3.0.0" });
  await page.reload();
  await expect(row).toContainText("Online");
  await expect(row).toContainText("App outdated");
  await expect(row).toContainText("3.0.0");
  await hook("POST", `devices/${deviceId}`, { last_seen_seconds_ago: 3600 });
  await page.reload();
  await expect(row).toContainText("Offline");
  await expect(row).not.toContainText("Never");

  // Its own page: rename it.
  await row.getByRole("link", { name: "Reception iPad" }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/devices/${deviceId}$`));
  await expect(page.getByRole("heading", { level: 2, name: "Reception iPad" })).toBeVisible();
  await expect(page.getByText("App outdated")).toBeVisible();
  await expect(page.getByText("The latest app version is 3.12.0.")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Site sections" }).getByRole("link", { name: "Devices" })).toHaveAttribute("aria-current", "page");
  await checkpoint(page, testInfo, "device page");
  await page.getByLabel("Device name").fill("");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText("A device name is required")).toBeVisible();
  await page.getByLabel("Device name").fill("Front desk iPad");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText("The device is now called Front desk iPad.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { level: 2, name: "Front desk iPad" })).toBeVisible();
  await expect(page.getByLabel("Device name")).toHaveValue("Front desk iPad");

  // Disconnect: a confirm step first (Cancel keeps it), then for real.
  await page.getByRole("link", { name: "Disconnect this device" }).click();
  await expect(page.getByText("Disconnect Front desk iPad?")).toBeVisible();
  await checkpoint(page, testInfo, "disconnect, confirm step");
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByText("Disconnect Front desk iPad?")).toHaveCount(0);
  await page.getByRole("link", { name: "Disconnect this device" }).click();
  await page.getByRole("button", { name: "Yes, disconnect" }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/devices$`));
  await expect(page.getByText("Front desk iPad has been disconnected.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("row").filter({ hasText: "Front desk iPad" })).toHaveCount(0);
  await expect(page.getByRole("row").filter({ hasText: "Test kiosk" })).toHaveCount(1);
  expect((await page.goto(`${base}/devices/${deviceId}`))?.status()).toBe(404);
});

test("add, rename and delete a sign-in point; its QR code is shown", async ({ page }, testInfo) => {
  const { site, api, base } = await adminOnSite(page, testInfo);
  await page.goto(`${base}/details`);
  await page.getByRole("navigation", { name: "Site sections" }).getByRole("link", { name: "Sign-in points" }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/sign-in-points$`));
  await expect(page.getByText("This site has no sign-in points yet.")).toBeVisible();
  await checkpoint(page, testInfo, "sign-in points, none");

  await page.getByRole("button", { name: "Add sign-in point" }).click();
  await expect(page.getByText("A sign-in point name is required")).toBeVisible();
  await page.getByLabel("Sign-in point name").fill("Main gate");
  await page.getByRole("button", { name: "Add sign-in point" }).click();
  await expect(page.getByText("Main gate has been added.")).toBeVisible();
  await page.reload();
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Main gate" }) });
  const qr = card.getByRole("img", { name: "QR code of Main gate" });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml;base64,/);
  expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const [stored] = (await api.get(`sites/${site.id}/sign-in-points`)) as { id: number; name: string; qr_value: string }[];
  expect(stored!.name).toBe("Main gate");
  await expect(card.getByText(stored!.qr_value)).toBeVisible();
  await checkpoint(page, testInfo, "sign-in point added");

  await card.getByRole("link", { name: "Rename Main gate" }).click();
  const newName = page.getByLabel("New name for Main gate");
  await newName.fill("   ");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText("A sign-in point name is required")).toBeVisible();
  await checkpoint(page, testInfo, "rename a sign-in point, with an error");
  await page.getByLabel("New name for Main gate").fill("North gate");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText("The sign-in point is now called North gate.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: "North gate" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Main gate" })).toHaveCount(0);
  // Renaming keeps its QR value.
  await expect(page.getByText(stored!.qr_value)).toBeVisible();

  const confirmGate = page.locator("details.row-delete").filter({ has: page.locator("summary", { hasText: "Delete “North gate”" }) });
  await confirmGate.locator("summary").click();
  await expect(confirmGate.getByText("Delete North gate? Its QR code stops working, also where it is printed.")).toBeVisible();
  await checkpoint(page, testInfo, "delete a sign-in point, confirm step");
  await confirmGate.getByRole("button", { name: "Yes, delete it" }).click();
  await expect(page.getByText("North gate has been deleted.")).toBeVisible();
  await page.reload();
  await expect(page.getByText("This site has no sign-in points yet.")).toBeVisible();
  expect(await api.get(`sites/${site.id}/sign-in-points`)).toEqual([]);
});

test("an event's attendees: a UK number typed nationally is stored as E.164, an invalid one is refused", async ({ page }, testInfo) => {
  const { site, api, base } = await adminOnSite(page, testInfo, "event");
  await page.goto(`${base}/details`);
  await page.getByRole("navigation", { name: "Site sections" }).getByRole("link", { name: "Attendees" }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/attendees$`));
  await expect(page.getByText("This event has no attendees yet.")).toBeVisible();
  await checkpoint(page, testInfo, "attendees, none");
  const stored = async () => (await api.get(`sites/${site.id}/attendees`)).attendees as { name: string; phone: string | null; company: string | null }[];

  // An invalid number: with JavaScript it is refused as soon as the field loses focus.
  await page.getByLabel("Name", { exact: true }).fill("Ada Lovelace");
  await page.getByLabel("Phone (optional)").fill("12345");
  if (jsEnabled(testInfo)) {
    await page.getByLabel("Company (optional)").focus();
    await expect(page.getByText("Enter a valid phone number")).toBeVisible();
  }
  await page.getByRole("button", { name: "Add attendee" }).click();
  await expect(page.getByText("Enter a valid phone number")).toBeVisible();
  await expect(page.getByLabel("Phone (optional)")).toHaveValue("12345");
  await checkpoint(page, testInfo, "add an attendee, invalid phone");
  expect(await stored()).toEqual([]);

  // A mobile number typed the UK way. (Ofcom's drama range 07700 900xxx is not used: libphonenumber,
  // here and in the upstream, calls it invalid since no such number can be assigned.)
  await page.getByLabel("Phone (optional)").fill("07911 123456");
  await page.getByLabel("Company (optional)").fill("Analytical Engines");
  await page.getByRole("button", { name: "Add attendee" }).click();
  await expect(page.getByText("Ada Lovelace has been added.")).toBeVisible();
  await page.reload();
  const row = page.getByRole("row").filter({ hasText: "Ada Lovelace" });
  await expect(row).toContainText("+44 7911 123456");
  await expect(row).toContainText("Analytical Engines");
  expect((await stored())[0]).toMatchObject({ name: "Ada Lovelace", phone: "+447911123456", company: "Analytical Engines" });
  await checkpoint(page, testInfo, "attendee added");

  // Edit: an empty phone is valid and clears it.
  await row.getByRole("link", { name: "Edit Ada Lovelace" }).click();
  await expect(page.getByRole("heading", { name: "Edit Ada Lovelace" })).toBeVisible();
  await expect(page.getByLabel("Phone (optional)")).toHaveValue("+44 7911 123456");
  await page.getByLabel("Phone (optional)").fill("");
  await page.getByLabel("Company (optional)").fill("Babbage & Co");
  await page.getByRole("button", { name: "Save attendee" }).click();
  await expect(page.getByText("Ada Lovelace has been saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("row").filter({ hasText: "Ada Lovelace" })).toContainText("Babbage & Co");
  expect((await stored())[0]).toMatchObject({ phone: null, company: "Babbage & Co" });

  // Search (a GET form), then delete from the results.
  await api.send("POST", `sites/${site.id}/attendees`, { name: "Charles Babbage" });
  await page.getByLabel("Search attendees").fill("Ada");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/search=Ada/);
  await expect(page.getByRole("row").filter({ hasText: "Charles Babbage" })).toHaveCount(0);
  const confirmAda = page.locator("details.row-delete").filter({ has: page.locator("summary", { hasText: "Delete “Ada Lovelace”" }) });
  await confirmAda.locator("summary").click();
  await expect(confirmAda.getByText("Delete Ada Lovelace? Ada Lovelace is removed from this event's attendees.")).toBeVisible();
  await checkpoint(page, testInfo, "delete an attendee, confirm step");
  await confirmAda.getByRole("button", { name: "Yes, delete" }).click();
  await expect(page.getByText("Ada Lovelace has been removed.")).toBeVisible();
  await expect(page).toHaveURL(/search=Ada/);
  await page.goto(`${base}/attendees`);
  await expect(page.getByRole("row").filter({ hasText: "Ada Lovelace" })).toHaveCount(0);
  await expect(page.getByRole("row").filter({ hasText: "Charles Babbage" })).toHaveCount(1);
  expect((await stored()).map((a) => a.name)).toEqual(["Charles Babbage"]);
});

test("change a site's kiosk settings within their bounds", async ({ page }, testInfo) => {
  const { site, api, base } = await adminOnSite(page, testInfo);
  await page.goto(`${base}/details`);
  await page.getByRole("navigation", { name: "Site sections" }).getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/settings$`));
  const timeout = page.getByLabel("Kiosk idle timeout (seconds)");
  await expect(timeout).toHaveValue("60");
  await expect(timeout).toHaveAttribute("min", "15");
  await expect(timeout).toHaveAttribute("max", "600");
  await expect(page.getByLabel("Offer a choice of language on the kiosk")).toBeChecked();
  await expect(page.getByLabel("Visitors must name the person they are visiting")).not.toBeChecked();
  await checkpoint(page, testInfo, "settings");

  await timeout.fill("5");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("The idle timeout must be between 15 and 600 seconds")).toBeVisible();
  await expect(timeout).toHaveValue("5");
  await checkpoint(page, testInfo, "settings, out of bounds");
  expect((await api.get(`sites/${site.id}/settings`)).kiosk_idle_timeout).toBe(60);

  await timeout.fill("120");
  await page.getByLabel("Sign everyone out at (optional)").fill("18:30");
  await page.getByLabel("Offer a choice of language on the kiosk").uncheck();
  await page.getByLabel("Visitors must name the person they are visiting").check();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText(`The settings of ${site.name} have been saved.`)).toBeVisible();
  await page.reload();
  await expect(timeout).toHaveValue("120");
  await expect(page.getByLabel("Sign everyone out at (optional)")).toHaveValue("18:30");
  await expect(page.getByLabel("Offer a choice of language on the kiosk")).not.toBeChecked();
  await expect(page.getByLabel("Visitors must name the person they are visiting")).toBeChecked();
  expect(await api.get(`sites/${site.id}/settings`)).toEqual({ auto_sign_out_at: "18:30", kiosk_idle_timeout: 120, language_selection: false, require_host: true });

  // Clearing the time means "never".
  await page.getByLabel("Sign everyone out at (optional)").fill("");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText(`The settings of ${site.name} have been saved.`)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Sign everyone out at (optional)")).toHaveValue("");
  expect((await api.get(`sites/${site.id}/settings`)).auto_sign_out_at).toBeNull();
});
