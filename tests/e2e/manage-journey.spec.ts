/**
 * One administrator's whole journey through a new site, with and without JavaScript: create it,
 * choose the groups it shows, upload its logo, add an evacuation point and a custom field, connect a kiosk with the code it
 * shows, and delete the site by typing its name. After each step a reload shows what the upstream
 * stored. (Each tab's own spec goes deeper; the site limit has its own test in manage-sites.)
 */
import { checkpoint, createUser, expect, heading, hook, jsEnabled, settled, signIn, test, uniqueEmail } from "./fixtures";

/** A valid 1×1 PNG. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

test("create a site, edit its tabs, connect a kiosk, delete it @nojs", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  // Other tests add sites of their own to Acme: lift its limit.
  await hook("POST", "clients/eu:1", { site_limit: null });
  const email = uniqueEmail("journey");
  await createUser({ email, role: "Administrator", client: "eu:1", name: "Jo Journey" });
  await signIn(page, testInfo, email);
  await expect(page).toHaveURL(/\/today$/);

  // Create.
  await page.goto("/manage/overview/sites/new");
  await settled(page, testInfo);
  const name = `E2E Journey ${Math.random().toString(36).slice(2, 7)}`;
  const dialog = page.getByRole("dialog", { name: "Add a site" });
  await dialog.getByLabel("Site name").fill(name);
  await dialog.getByLabel("Reply-to email").fill("journey@acme.example.com");
  await dialog.getByRole("button", { name: "Add site" }).click();
  await expect(page).toHaveURL(/\/manage\/site\/\d+\/details$/);
  const base = new URL(page.url()).pathname.replace(/\/details$/, "");
  await page.reload();
  await expect(heading(page)).toHaveText(name);

  // Groups: every group of Acme is shown at a new site; leave the deliveries out.
  await page.getByRole("link", { name: "Groups", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/groups$`));
  const groups = page.getByRole("group", { name: `Groups shown at ${name}` });
  await expect(groups.getByRole("checkbox", { name: "Visitors", exact: true })).toBeChecked();
  await groups.getByRole("checkbox", { name: "Deliveries", exact: true }).uncheck();
  await page.getByRole("button", { name: "Save groups" }).click();
  await expect(page.getByText(new RegExp(`^${name} now shows \\d+ groups\\.$`))).toBeVisible();
  await page.reload();
  await expect(groups.getByRole("checkbox", { name: "Deliveries", exact: true })).not.toBeChecked();
  await expect(groups.getByRole("checkbox", { name: "Visitors", exact: true })).toBeChecked();
  await checkpoint(page, testInfo, "journey: groups");

  // Branding, an evacuation point and a custom field are walked without JavaScript; with it their
  // own specs (manage-media, manage-fields) go deeper (ADR 012: the `js` run of a @nojs journey
  // keeps what JavaScript changes).
  if (!jsEnabled(testInfo)) {
    // Branding: the logo.
    await page.getByRole("link", { name: "Branding" }).click();
    await expect(page).toHaveURL(new RegExp(`${base}/branding$`));
    await expect(page.getByText("PNG, JPEG, GIF or WebP, at most 10 MB. Recommended size: 2048 × 1536 pixels.")).toBeVisible();
    await page.getByLabel("New branding image").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("button", { name: "Upload image" }).click();
    await expect(page.getByText(`The branding image of ${name} has been saved.`)).toBeVisible();
    await page.reload();
    await expect(page.getByRole("img", { name: `The current branding image of ${name}` })).toBeVisible();
    await expect(page.getByRole("button", { name: "Remove image" })).toBeVisible();
    await checkpoint(page, testInfo, "journey: branding");

    // An evacuation point.
    await page.goto(`${base}/evacuationpoints`);
    const add = page.getByRole("region", { name: "Add an evacuation point" });
    await add.getByLabel("Name").fill("Staff car park");
    await add.getByRole("button", { name: "Add evacuation point" }).click();
    await expect(page.getByText("Staff car park has been added.")).toBeVisible();
    await page.reload();
    await expect(page.getByText("Staff car park").first()).toBeVisible();

    // A custom field.
    await page.goto(`${base}/customfields`);
    await page.getByLabel("Field type", { exact: true }).selectOption("text");
    await page.getByRole("button", { name: "Next" }).click();
    await settled(page, testInfo);
    await page.getByLabel("Label").fill("Vehicle registration");
    await page.getByRole("button", { name: "Add field" }).click();
    await expect(page.getByText(/Vehicle registration/).first()).toBeVisible();
    await page.goto(`${base}/customfields`);
    await expect(page.getByText("Vehicle registration").first()).toBeVisible();
  }

  // A kiosk, with the code it shows.
  const { code } = await hook<{ code: string }>("POST", "device-codes", { region: "eu" });
  await page.goto(`${base}/devices`);
  await page.getByLabel("Authorisation code").fill(code);
  await page.getByLabel("Device name").fill("Gate kiosk");
  await page.getByRole("button", { name: "Connect device" }).click();
  await expect(page.getByText("Gate kiosk is connected.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("row").filter({ hasText: "Gate kiosk" })).toBeVisible();
  await checkpoint(page, testInfo, "journey: devices");

  // Delete by typing the name.
  await page.goto(`${base}/details`);
  await page.getByLabel(`Type “${name}” to confirm`).fill(name);
  await page.getByRole("button", { name: "Delete this site" }).click();
  await expect(page).toHaveURL(/\/manage\/overview\/sites$/);
  await expect(page.getByText(`${name} has been deleted.`)).toBeVisible();
  expect((await page.goto(`${base}/details`))?.status()).toBe(404);
});
