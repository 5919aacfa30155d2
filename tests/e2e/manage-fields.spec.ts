/**
 * A site's custom fields, messages, privacy, features and badges tabs, with JavaScript (without
 * it: tests/integration/forms-manage.test.ts): an administrator on a fresh site of their own adds a dropdown field with options and
 * a text field, makes favourites (a fifth is refused), moves and deletes a field; adds a message
 * with bold text and a script (the bold is saved, the script is not) and edits it; adds a message to
 * sign for one group (no prompt and no group refused first), attaches a PDF on its edit view and
 * removes it from the list; turns two
 * privacy flags; sets the features with an on-site report at 09:00 (a second at 09:00 is refused);
 * chooses a badge. After each step a reload shows what the upstream stored; axe runs at every
 * checkpoint.
 */
import type { Page, TestInfo } from "@playwright/test";
import { upstreamAccess } from "../support/access";
import { createUpstreamSite } from "../support/hooks";
import { checkpoint, createUser, expect, settled, signIn, test, uniqueEmail, upstreamUrl } from "./fixtures";

const tag = () => Math.random().toString(36).slice(2, 7);

/** A fresh site of Acme's and its administrator, signed in; `api` reads and writes as them upstream. */
async function adminOnFreshSite(page: Page, testInfo: TestInfo) {
  const site = await createUpstreamSite(upstreamUrl(), { client: "eu:1", name: `E2E Fields ${tag()}`, all_groups: true });
  const email = uniqueEmail("fields");
  await createUser({ email, role: "Administrator", client: "eu:1", name: "Fran Fields" });
  await signIn(page, testInfo, email);
  await expect(page).toHaveURL(/\/today$/);
  const api = await upstreamAccess(upstreamUrl(), email);
  return { site, api, tab: (name: string) => `/manage/site/${site.id}/${name}` };
}

/** Open a tab (and wait until the page is ready for clicks). */
async function open(page: Page, testInfo: TestInfo, path: string) {
  await page.goto(path);
  await settled(page, testInfo);
}

const rowLabels = (page: Page) => page.locator("table.field-table tbody th[scope=row]").allTextContents();

test("custom fields: add a dropdown and a text field, favourites at most 4, move and delete", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const { site, api, tab } = await adminOnFreshSite(page, testInfo);
  await open(page, testInfo, tab("customfields"));
  await expect(page.getByRole("link", { name: "Custom fields" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("This site has no custom fields yet.")).toBeVisible();
  await checkpoint(page, testInfo, "custom fields, none yet");

  // A dropdown: its type first, then what a dropdown has; no options is refused.
  await page.getByLabel("Field type", { exact: true }).selectOption("dropdown");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/\?add=dropdown$/);
  await settled(page, testInfo);
  await expect(page.getByLabel("Options", { exact: true })).toBeVisible();
  await page.getByLabel("Label").fill("Visitor type");
  await page.getByRole("button", { name: "Add field" }).click();
  await expect(page.getByText("Add at least one option")).toBeVisible();
  await expect(page.getByLabel("Label")).toHaveValue("Visitor type");
  await checkpoint(page, testInfo, "add a dropdown, with an error");
  await page.getByLabel("Options", { exact: true }).fill("Contractor\nGuest\nInterview");
  await page.getByLabel("Default option (optional)").fill("Guest");
  await page.getByLabel("An answer is required").check();
  await page.getByRole("button", { name: "Add field" }).click();
  await expect(page.getByText("“Visitor type” has been added.")).toBeVisible();

  // A text field has no options.
  await page.getByLabel("Field type", { exact: true }).selectOption("text");
  await page.getByRole("button", { name: "Next" }).click();
  await settled(page, testInfo);
  await expect(page.getByLabel("Options", { exact: true })).toHaveCount(0);
  await page.getByLabel("Label").fill("Company");
  await page.getByLabel("Show on the evacuation list").check();
  await page.getByRole("button", { name: "Add field" }).click();
  await expect(page.getByText("“Company” has been added.")).toBeVisible();

  await page.reload();
  expect(await rowLabels(page)).toEqual(["Visitor type", "Company"]);
  const dropdownRow = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Visitor type" }) });
  await expect(dropdownRow).toContainText("Dropdown");
  await expect(dropdownRow).toContainText("Options: Contractor, Guest, Interview");
  await expect(dropdownRow).toContainText("Default: Guest");
  await expect(dropdownRow).toContainText("Required");
  await expect(page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Company" }) })).toContainText("On the evacuation list");
  await checkpoint(page, testInfo, "two custom fields");

  // Three more straight through the upstream, so five can be ticked.
  for (const label of ["Host", "Car registration", "Badge number"]) {
    expect((await api.send("POST", `sites/${site.id}/custom-fields`, { label, type: "text" })).status).toBe(200);
  }
  await open(page, testInfo, tab("customfields"));
  const all = ["Visitor type", "Company", "Host", "Car registration", "Badge number"];
  for (const label of all) await page.getByRole("checkbox", { name: `Favourite: ${label}` }).check();
  await page.getByRole("button", { name: "Save favourites" }).click();
  await expect(page.getByText("You can choose at most 4 favourite fields")).toBeVisible();
  await checkpoint(page, testInfo, "five favourites refused");
  // Opened afresh (a reload would send the refused form again).
  await open(page, testInfo, tab("customfields"));
  for (const label of all) await expect(page.getByRole("checkbox", { name: `Favourite: ${label}` })).not.toBeChecked();
  for (const label of all.slice(0, 4)) await page.getByRole("checkbox", { name: `Favourite: ${label}` }).check();
  await page.getByRole("button", { name: "Save favourites" }).click();
  await expect(page.getByText("Favourites saved: 4 fields.")).toBeVisible();
  await page.reload();
  for (const label of all.slice(0, 4)) await expect(page.getByRole("checkbox", { name: `Favourite: ${label}` })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Favourite: Badge number" })).not.toBeChecked();

  // Move Company up, then delete it after confirming.
  await page.getByRole("button", { name: "Move up “Company”" }).click();
  await expect(page.getByText("“Company” has been moved.")).toBeVisible();
  await page.reload();
  expect(await rowLabels(page)).toEqual(["Company", "Visitor type", "Host", "Car registration", "Badge number"]);
  const confirm = page.locator("details.row-delete").filter({ has: page.locator("summary", { hasText: "Delete “Company”" }) });
  await confirm.locator("summary").click();
  await expect(confirm.getByText("Delete “Company”?")).toBeVisible();
  await checkpoint(page, testInfo, "delete a field, confirm");
  await confirm.getByRole("button", { name: "Delete field" }).click();
  await expect(page.getByText("“Company” has been deleted.")).toBeVisible();
  await page.reload();
  expect(await rowLabels(page)).toEqual(["Visitor type", "Host", "Car registration", "Badge number"]);
  const stored = (await api.get(`sites/${site.id}/custom-fields`)) as { label: string; favourite: boolean; options: string[] }[];
  expect(stored.map((f) => [f.label, f.favourite])).toEqual([
    ["Visitor type", true],
    ["Host", true],
    ["Car registration", true],
    ["Badge number", false],
  ]);
  expect(stored[0]!.options).toEqual(["Contractor", "Guest", "Interview"]);
});

test("messages: bold text is saved, a script is not; a message can be edited", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const { site, api, tab } = await adminOnFreshSite(page, testInfo);
  await open(page, testInfo, tab("messages"));
  await expect(page.getByText("This site has no messages yet.")).toBeVisible();
  await page.getByRole("button", { name: "Add message" }).click();
  await expect(page.getByText("A message title is required")).toBeVisible();
  await expect(page.getByText("An icon character is required")).toBeVisible();
  await checkpoint(page, testInfo, "add a message, with errors");

  await page.getByLabel("Icon", { exact: true }).fill("🔥");
  await page.getByLabel("Title").fill("Fire drill");
  await page.getByLabel("Message", { exact: true }).fill("Leave by the **nearest exit**. <script>document.title='pwned'</script>\n\n- Go to Car park A\n- Wait for the all clear");
  await page.getByLabel("Checkbox label").fill("I know where to go");
  await page.getByLabel("Show it again", { exact: true }).selectOption("every_time");
  await page.getByRole("button", { name: "Add message" }).click();
  await expect(page.getByText("“Fire drill” has been added.")).toBeVisible();

  await page.reload();
  const card = page.locator(".message-card").filter({ hasText: "Fire drill" });
  await expect(card.locator("strong")).toHaveText("nearest exit");
  await expect(card.getByRole("listitem")).toHaveText(["Go to Car park A", "Wait for the all clear"]);
  await expect(card.locator("script")).toHaveCount(0);
  await expect(card).not.toContainText("pwned");
  await expect(card).toContainText("Shown again: every time");
  await expect(page).not.toHaveTitle("pwned");
  await checkpoint(page, testInfo, "a message");
  const [saved] = (await api.get(`sites/${site.id}/messages`)) as { id: number; content: string; title: string }[];
  expect(saved!.content).toContain("<strong>nearest exit</strong>");
  expect(saved!.content).not.toMatch(/<script|pwned/);

  // Edit: the saved text comes back in the same syntax.
  await page.getByRole("link", { name: "Edit “Fire drill”" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?edit=${saved!.id}$`));
  await settled(page, testInfo);
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue("Leave by the **nearest exit**.\n\n- Go to Car park A\n- Wait for the all clear");
  await page.getByLabel("Title").fill("Fire safety");
  await page.getByRole("button", { name: "Save message" }).click();
  await expect(page.getByText("“Fire safety” has been saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Fire safety" })).toBeVisible();
  await expect(page.locator(".message-card strong")).toHaveText("nearest exit");
});

/** The start of a PDF (the upstream judges the content by its first bytes). */
const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n", "latin1"), Buffer.alloc(2000, 0x20), Buffer.from("\n%%EOF\n", "latin1")]);

test("messages: one to sign, for one group, with an attachment; the attachment removed", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const { site, api, tab } = await adminOnFreshSite(page, testInfo);
  await open(page, testInfo, tab("messages"));
  await expect(page.getByRole("radio", { name: "Tick a checkbox" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Every group" })).toBeChecked();
  await page.getByLabel("Icon", { exact: true }).fill("✍️");
  await page.getByLabel("Title").fill("Induction");
  await page.getByLabel("Message", { exact: true }).fill("Read the **site rules**.");
  await page.getByRole("radio", { name: "Sign with a finger" }).check();
  await page.getByRole("radio", { name: "Only the groups ticked below" }).check();
  // No prompt and no group ticked: both refused, and what was chosen stays.
  await page.getByRole("button", { name: "Add message" }).click();
  await expect(page.getByText("Choose at least one group")).toBeVisible();
  await expect(page.getByText("A checkbox label is required")).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("Induction");
  await expect(page.getByRole("radio", { name: "Sign with a finger" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Only the groups ticked below" })).toBeChecked();
  await checkpoint(page, testInfo, "a message to sign, with errors");
  await page.getByLabel("Checkbox label").fill("Sign to confirm you have read the rules");
  await page.getByRole("checkbox", { name: "Contractors" }).check();
  await page.getByRole("button", { name: "Add message" }).click();
  await expect(page.getByText("“Induction” has been added.")).toBeVisible();

  await page.reload();
  const card = page.locator(".message-card").filter({ hasText: "Induction" });
  await expect(card.locator("dd")).toHaveText(["Sign with a finger", "Contractors", "No attachment"]);
  await expect(card).toContainText("Sign to confirm you have read the rules");
  const [stored] = (await api.get(`sites/${site.id}/messages`)) as { id: number; action: string; checkbox_label: string; recipient_group_ids: number[]; attachment: unknown }[];
  const contractors = site.groups.find((g) => g.name === "Contractors")!.id;
  expect(stored).toMatchObject({ action: "sign", checkbox_label: "Sign to confirm you have read the rules", recipient_group_ids: [contractors], attachment: null });

  // The edit view starts as stored, and takes the attachment.
  await page.getByRole("link", { name: "Edit “Induction”" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?edit=${stored!.id}$`));
  await settled(page, testInfo);
  await expect(page.getByRole("radio", { name: "Sign with a finger" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Only the groups ticked below" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Contractors" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Visitors" })).not.toBeChecked();
  await page.getByLabel("New attachment").setInputFiles({ name: "rules.pdf", mimeType: "application/pdf", buffer: PDF });
  await page.getByRole("button", { name: "Upload attachment" }).click();
  await expect(page.getByText("The attachment of “Induction” has been saved.")).toBeVisible();
  await page.reload();
  const link = card.getByRole("link", { name: "Open the attachment “Induction”" });
  await expect(link).toHaveAttribute("href", /^\/files\/[A-Za-z0-9_-]+\.pdf$/);
  await expect(card).toContainText("(PDF document, 2 kB)");
  await checkpoint(page, testInfo, "a message with an attachment");
  // The link is the portal's /files/ (streamed with the user's token; a PDF comes as a download).
  const file = await page.request.get((await link.getAttribute("href"))!);
  expect([file.status(), file.headers()["content-type"], file.headers()["content-disposition"]?.startsWith("attachment")]).toEqual([200, "application/pdf", true]);

  // Remove it from the list.
  await card.getByRole("button", { name: "Remove attachment “Induction”" }).click();
  await expect(page.getByText("The attachment of “Induction” has been removed.")).toBeVisible();
  await page.reload();
  await expect(page.locator(".message-card").filter({ hasText: "Induction" }).locator("dd")).toHaveText(["Sign with a finger", "Contractors", "No attachment"]);
  expect(((await api.get(`sites/${site.id}/messages`)) as { attachment: unknown }[])[0]!.attachment).toBeNull();
});

test("privacy: two flags turned, and kept after a reload", async ({ page }, testInfo) => {
  const { site, api, tab } = await adminOnFreshSite(page, testInfo);
  await open(page, testInfo, tab("privacy"));
  await expect(page.getByLabel("Suggest names while typing")).toBeChecked();
  await expect(page.getByLabel("Hide who has signed out")).not.toBeChecked();
  await checkpoint(page, testInfo, "privacy");
  await page.getByLabel("Suggest names while typing").uncheck();
  await page.getByLabel("Hide who has signed out").check();
  await page.getByRole("button", { name: "Save privacy settings" }).click();
  await expect(page.getByText(`The privacy settings of ${site.name} have been saved.`)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Suggest names while typing")).not.toBeChecked();
  await expect(page.getByLabel("Hide who has signed out")).toBeChecked();
  await expect(page.getByLabel("Keep printed badges")).toBeChecked();
  expect((await api.get(`sites/${site.id}`)).privacy).toMatchObject({ autocomplete: false, hide_sign_outs: true, store_badges: true });
});

test("features: kiosk options, location with the 150 m advice, an on-site report at 09:00; a second at 09:00 is refused", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const { site, api, tab } = await adminOnFreshSite(page, testInfo);
  await open(page, testInfo, tab("features"));
  await checkpoint(page, testInfo, "features");
  await page.getByLabel("Contactless sign-in").check();
  await page.getByLabel("Visitor photos").uncheck();
  await page.getByLabel("QR code scanning").check();
  await page.getByLabel("Latitude").fill("53.3498");
  await page.getByLabel("Longitude").fill("-6.2603");
  await page.getByLabel("Radius in metres").fill("120");
  await page.getByLabel("Geofence on sign in").check();
  await page.getByLabel("Time of report 1", { exact: true }).selectOption("09:00");
  await page.getByLabel("Emails for report 1").fill("Ops@acme.example.com,desk@acme.example.com");
  await page.getByLabel("Send the report even when nobody is on site").check();
  await page.getByLabel("Notice emails (optional)").fill("alerts@acme.example.com");
  await page.getByRole("button", { name: "Save features" }).click();
  await expect(page.getByText(`The features of ${site.name} have been saved.`)).toBeVisible();

  await page.reload();
  await expect(page.getByLabel("Contactless sign-in")).toBeChecked();
  await expect(page.getByLabel("Visitor photos")).not.toBeChecked();
  await expect(page.getByLabel("QR code scanning")).toBeChecked();
  await expect(page.getByLabel("Radius in metres")).toHaveValue("120");
  await expect(page.getByText("We recommend at least 150 m")).toBeVisible();
  await expect(page.getByLabel("Geofence on sign in")).toBeChecked();
  await expect(page.getByLabel("Time of report 1", { exact: true })).toHaveValue("09:00");
  await expect(page.getByLabel("Emails for report 1")).toHaveValue("ops@acme.example.com, desk@acme.example.com");
  await expect(page.getByLabel("Time of report 2", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Send the report even when nobody is on site")).toBeChecked();
  await checkpoint(page, testInfo, "features saved");

  // A second report at the same time is refused, and nothing changes.
  await page.getByLabel("Time of report 2", { exact: true }).selectOption("09:00");
  await page.getByLabel("Emails for report 2").fill("night@acme.example.com");
  await page.getByRole("button", { name: "Save features" }).click();
  await expect(page.getByText("Each on-site report time must be unique")).toBeVisible();
  await expect(page.getByLabel("Emails for report 2")).toHaveValue("night@acme.example.com");
  await checkpoint(page, testInfo, "a duplicate report time");
  await open(page, testInfo, tab("features"));
  await expect(page.getByLabel("Time of report 2", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Time of report 3")).toHaveCount(0);
  const stored = await api.get(`sites/${site.id}`);
  expect(stored).toMatchObject({
    contactless: true,
    visitor_photos: false,
    qr_scanning: true,
    geofence_sign_in: true,
    location: { lat: 53.3498, lng: -6.2603, radius: 120 },
    on_site_report_schedules: [{ time: "09:00", emails: "ops@acme.example.com, desk@acme.example.com" }],
    send_empty: true,
    emails: "alerts@acme.example.com",
  });
});

test("badges: the site prints the badge chosen, or none", async ({ page }, testInfo) => {
  const { site, api, tab } = await adminOnFreshSite(page, testInfo);
  await open(page, testInfo, tab("badges"));
  await expect(page.getByRole("radio", { name: "No badge" })).toBeChecked();
  await checkpoint(page, testInfo, "badges");
  await page.getByRole("radio", { name: "Contractor badge" }).check();
  await page.getByRole("button", { name: "Save badge" }).click();
  await expect(page.getByText(`The badge of ${site.name} has been saved.`)).toBeVisible();
  await page.reload();
  await expect(page.getByRole("radio", { name: "Contractor badge" })).toBeChecked();
  const badges = await api.get(`sites/${site.id}/badges`);
  expect(badges.badges.find((b: { id: number }) => b.id === badges.badge_id).name).toBe("Contractor badge");
  await page.getByRole("radio", { name: "No badge" }).check();
  await page.getByRole("button", { name: "Save badge" }).click();
  await expect(page.getByText(`${site.name} prints no badge now.`)).toBeVisible();
  await page.reload();
  await expect(page.getByRole("radio", { name: "No badge" })).toBeChecked();
  expect((await api.get(`sites/${site.id}`)).badge_id).toBeNull();
});
