/**
 * A site's branding and evacuation points, with JavaScript (without it:
 * tests/integration/forms-manage.test.ts): an administrator on a
 * fresh site of their own uploads a logo (a text file renamed .png is refused first), sees it after
 * a reload (the upstream serves it; the CSP lets the page show it), uploads and removes a welcome
 * video; adds an evacuation point (a blank name refused first), edits it and gives it a photo;
 * moves one above another and deletes one after confirming. An image over 10 MB is refused. After
 * each step a reload shows what the upstream stored.
 */
import fs from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { createUpstreamSite } from "../support/hooks";
import { checkpoint, createUser, expect, settled, signIn, test, uniqueEmail, upstreamUrl } from "./fixtures";

const tag = () => Math.random().toString(36).slice(2, 7);

/** A valid 1×1 PNG. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");
/** The start of an MP4 (the upstream judges the content by its first bytes). */
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom", "latin1"), Buffer.alloc(64)]);

async function adminOnFreshSite(page: Page, testInfo: Parameters<typeof signIn>[1], points: string[] = []) {
  const site = await createUpstreamSite(upstreamUrl(), { client: "eu:1", name: `E2E Media ${tag()}`, evacuation_points: points });
  const email = uniqueEmail("media");
  await createUser({ email, role: "Administrator", name: "Mo Media" });
  await signIn(page, testInfo, email);
  await expect(page).toHaveURL(/\/today$/);
  return site;
}

/** The image has loaded (a blocked or broken image has no natural size). */
async function expectLoaded(image: Locator) {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
}

test("branding: a non-image is refused, a logo is uploaded and shown after a reload, then removed", async ({ page }, testInfo) => {
  const site = await adminOnFreshSite(page, testInfo);
  await page.goto(`/manage/site/${site.id}/details`);
  await page.getByRole("navigation", { name: "Site sections" }).getByRole("link", { name: "Branding" }).click();
  await expect(page).toHaveURL(new RegExp(`/manage/site/${site.id}/branding$`));
  await expect(page.getByText("No branding image yet.")).toBeVisible();
  await checkpoint(page, testInfo, "branding, empty");

  // A text file renamed .png: the upstream judges the content.
  await page.getByLabel("New branding image").setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("just some notes, not a picture") });
  await page.getByRole("button", { name: "Upload image" }).click();
  await expect(page.getByText("The image must be a PNG, JPEG, GIF or WebP file")).toBeVisible();
  await checkpoint(page, testInfo, "branding, a non-image refused");
  await page.reload();
  await expect(page.getByText("No branding image yet.")).toBeVisible();

  // A real PNG.
  await settled(page, testInfo);
  await page.getByLabel("New branding image").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("button", { name: "Upload image" }).click();
  await expect(page.getByText(`The branding image of ${site.name} has been saved.`)).toBeVisible();
  await page.reload();
  const logo = page.getByRole("img", { name: `The current branding image of ${site.name}` });
  await expectLoaded(logo);
  // Shown from the portal's /files/ (streamed with the user's token), never from the upstream.
  const src = (await logo.getAttribute("src"))!;
  expect(src).toMatch(/^\/files\/[A-Za-z0-9_-]+\.png$/);
  // The upstream gives it to no one without a token.
  expect((await page.request.get(`${upstreamUrl()}/eu/api/v2${src}`)).status()).toBe(404);
  await checkpoint(page, testInfo, "branding, with a logo");

  // Remove it.
  await page.getByRole("button", { name: "Remove image" }).click();
  await expect(page.getByText(`The branding image of ${site.name} has been removed.`)).toBeVisible();
  await page.reload();
  await expect(page.getByText("No branding image yet.")).toBeVisible();
});

test("branding: a welcome video is uploaded, linked after a reload, then removed", async ({ page }, testInfo) => {
  const site = await adminOnFreshSite(page, testInfo);
  await page.goto(`/manage/site/${site.id}/branding`);
  await settled(page, testInfo);
  await expect(page.getByText("No welcome video yet.")).toBeVisible();
  await page.getByLabel("New welcome video").setInputFiles({ name: "welcome.mp4", mimeType: "video/mp4", buffer: MP4 });
  await page.getByRole("button", { name: "Upload video" }).click();
  await expect(page.getByText(`The welcome video of ${site.name} has been saved.`)).toBeVisible();
  await page.reload();
  const watch = page.getByRole("link", { name: "Watch the current welcome video" });
  await expect(watch).toHaveAttribute("href", /^\/files\/[A-Za-z0-9_-]+\.mp4$/);
  // The browser's session gets it from the portal, by byte range as video players ask.
  const part = await page.request.get((await watch.getAttribute("href"))!, { headers: { range: "bytes=0-3" } });
  expect([part.status(), part.headers()["content-type"], part.headers()["cache-control"]]).toEqual([206, "video/mp4", "private, max-age=300"]);
  await expect(page.getByText("(MP4 video)")).toBeVisible();
  await checkpoint(page, testInfo, "branding, with a video");
  await page.getByRole("button", { name: "Remove video" }).click();
  await expect(page.getByText(`The welcome video of ${site.name} has been removed.`)).toBeVisible();
  await page.reload();
  await expect(page.getByText("No welcome video yet.")).toBeVisible();
});

/** The tab, opened from the site's tab list; its list of points. */
async function openEvacuationPoints(page: Page, testInfo: Parameters<typeof signIn>[1], site: { id: number; name: string }) {
  await page.goto(`/manage/site/${site.id}/details`);
  await page.getByRole("navigation", { name: "Site sections" }).getByRole("link", { name: "Evacuation points" }).click();
  await expect(page).toHaveURL(new RegExp(`/manage/site/${site.id}/evacuationpoints$`));
  await settled(page, testInfo);
  const list = page.getByRole("list", { name: `Evacuation points of ${site.name}` });
  return { list, titles: () => list.getByRole("heading", { level: 3 }) };
}

test("evacuation points: add one (a blank name refused first), edit it, give it a photo", async ({ page }, testInfo) => {
  const site = await adminOnFreshSite(page, testInfo, ["Car park"]);
  const { list, titles } = await openEvacuationPoints(page, testInfo, site);
  await expect(titles()).toHaveText(["1. Car park"]);
  await checkpoint(page, testInfo, "evacuation points");

  // Add: a blank name first, then a point with an icon and a location.
  const add = page.getByRole("region", { name: "Add an evacuation point" });
  await add.getByRole("button", { name: "Add evacuation point" }).click();
  await expect(add.getByText("An evacuation point name is required")).toBeVisible();
  await checkpoint(page, testInfo, "add a point, with an error");
  await add.getByLabel("Name").fill("Front lawn");
  await add.getByLabel("Icon", { exact: true }).selectOption({ label: "Grass" });
  await add.getByLabel("Latitude").fill("51.5074");
  await add.getByLabel("Longitude").fill("-0.1278");
  await add.getByRole("button", { name: "Add evacuation point" }).click();
  await expect(page.getByText("Front lawn has been added.")).toBeVisible();
  await page.reload();
  await expect(titles()).toHaveText(["1. Car park", "2. Front lawn"]);
  const lawn = list.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "2. Front lawn" }) });
  await expect(lawn).toContainText("Grass");
  await expect(lawn).toContainText("51.5074, -0.1278");

  // Edit it: another name, no icon, no location.
  await settled(page, testInfo);
  await page.getByRole("link", { name: "Edit “Front lawn”" }).click();
  await expect(page).toHaveURL(/\?edit=\d+$/);
  const edit = page.getByRole("region", { name: "Edit Front lawn" });
  await expect(edit.getByLabel("Name")).toHaveValue("Front lawn");
  await checkpoint(page, testInfo, "edit a point");
  await edit.getByLabel("Name").fill("Side lawn");
  await edit.getByLabel("Icon", { exact: true }).selectOption({ label: "No icon" });
  await edit.getByLabel("Latitude").fill("");
  await edit.getByLabel("Longitude").fill("");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Side lawn has been saved.")).toBeVisible();
  await page.reload();
  await expect(titles()).toHaveText(["1. Car park", "2. Side lawn"]);
  const side = list.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "2. Side lawn" }) });
  await expect(side).toContainText("No icon");
  await expect(side).toContainText("No map location");

  // Its photo.
  await settled(page, testInfo);
  await page.getByRole("link", { name: "Edit “Side lawn”" }).click();
  await page.getByLabel("New photo").setInputFiles({ name: "lawn.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("button", { name: "Upload photo" }).click();
  await expect(page.getByText("The photo of Side lawn has been saved.")).toBeVisible();
  await page.reload();
  await expectLoaded(page.getByRole("img", { name: "Photo of Side lawn" }));
  await checkpoint(page, testInfo, "a point with a photo");
});

test("evacuation points: move one up, delete another after confirming", async ({ page }, testInfo) => {
  const site = await adminOnFreshSite(page, testInfo, ["Car park", "Side lawn"]);
  const { titles } = await openEvacuationPoints(page, testInfo, site);
  await expect(titles()).toHaveText(["1. Car park", "2. Side lawn"]);

  // Move the lawn up (the first point cannot move up).
  await expect(page.getByRole("button", { name: "Move up “Car park”" })).toHaveCount(0);
  await page.getByRole("button", { name: "Move up “Side lawn”" }).click();
  await expect(page.getByText("Side lawn has moved up to position 1.")).toBeVisible();
  await page.reload();
  await expect(titles()).toHaveText(["1. Side lawn", "2. Car park"]);

  // Delete the car park: a confirmation step first.
  await settled(page, testInfo);
  const confirm = page.locator("details.row-delete").filter({ has: page.locator("summary", { hasText: "Delete “Car park”" }) });
  await confirm.locator("summary").click();
  await expect(confirm.getByText("Delete Car park? The point is removed from this site for good.")).toBeVisible();
  await checkpoint(page, testInfo, "confirm a deletion");
  await confirm.getByRole("button", { name: "Yes, delete it" }).click();
  await expect(page.getByText("Car park has been deleted.")).toBeVisible();
  await page.reload();
  await expect(titles()).toHaveText(["1. Side lawn"]);
});

test("an image over 10 MB is refused with the rule (in the browser with JavaScript, by the portal without), and nothing is stored", async ({ page }, testInfo) => {
  const site = await adminOnFreshSite(page, testInfo);
  await page.goto(`/manage/site/${site.id}/branding`);
  await settled(page, testInfo);
  // From a file on disk: the browser reads it by its path. Passed as a buffer, 11 MB crosses the
  // protocol base64-encoded, which took a loaded machine more than the 10 s an action has.
  const huge = testInfo.outputPath("huge.png");
  await fs.writeFile(huge, Buffer.concat([PNG, Buffer.alloc(11 * 1024 * 1024)]));
  await page.getByLabel("New branding image").setInputFiles(huge);
  await page.getByRole("button", { name: "Upload image" }).click();
  await expect(page.getByText("The image must be at most 10 MB")).toBeVisible();
  await checkpoint(page, testInfo, "an image too large");
  await page.goto(`/manage/site/${site.id}/branding`);
  await expect(page.getByText("No branding image yet.")).toBeVisible();
});
