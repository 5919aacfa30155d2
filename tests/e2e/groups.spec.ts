/**
 * One administrator's journey through a new group, with and without JavaScript (groups spec §2–5):
 * create a returning group, fill its details (the PIN "12a" refused with "Pin must be 4 digits"),
 * add personal fields up to the limit and be refused the 16th, build a badge with a QR code and a
 * text element (placed by numbers; with JavaScript, dragged) and open its print view, set sign-in and
 * sign-out options and retention, connect Azure AD through the demo directory and see the synced
 * members, see the directory's invalid-grant error in words, and delete the group by typing its
 * name. After each step a reload shows what the upstream stored; axe checks each screen. (The forms'
 * rules in depth: tests/integration/forms-groups and forms-group-addons.) With JavaScript only: a
 * group's notifications connected to the demo Slack (consent page, channel, test message;
 * tests/integration/forms-group-slack).
 */
import { upstreamAccess } from "../support/access";
import { checkpoint, createUser, expect, heading, hook, jsEnabled, settled, signIn, test, uniqueEmail, upstreamUrl } from "./fixtures";

const tag = () => Math.random().toString(36).slice(2, 7);
const field = (label: string) => ({ label, type: "text", options: [], visible_to_member: false, on_evacuation_list: false, on_host_notifications: false, ask_on_first_sign_in: false, sensitive: false, required: false, editable: true, favourite: false, include_in_visit_record: false });

test("create a returning group, fill its tabs, reach the personal field limit, delete it @nojs", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("group-journey");
  await createUser({ email, role: "Administrator", client: "eu:1", name: "Greta Groups" });
  await signIn(page, testInfo, email);
  await expect(page).toHaveURL(/\/today$/);
  const api = await upstreamAccess(upstreamUrl(), email);

  // Create it, then open it from the overview.
  const name = `E2E Group ${tag()}`;
  await page.goto("/manage/group/add");
  await settled(page, testInfo);
  await page.getByLabel("Group name").fill(name);
  await page.getByRole("radio", { name: "Returning members" }).check();
  await page.getByRole("button", { name: "Add group" }).click();
  await expect(page.getByText(`Group “${name}” added.`)).toBeVisible();
  await settled(page, testInfo);
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(/\/manage\/group\/\d+\/details$/);
  const base = new URL(page.url()).pathname.replace(/\/details$/, "");
  const id = Number(base.split("/").pop());
  await expect(heading(page)).toHaveText(name);
  await checkpoint(page, testInfo, "group details");

  // Details: a PIN that is not 4 digits is refused, then a good one is kept.
  await page.getByLabel("Group PIN (optional)").fill("12a");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Pin must be 4 digits")).toBeVisible();
  await checkpoint(page, testInfo, "group details, with an error");
  await page.getByLabel("Group PIN (optional)").fill("4321");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText(`The changes to ${name} have been saved.`)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Group PIN (optional)")).toHaveValue("4321");

  // The tabs that are plain forms (personal fields and their limit, sign-in, sign-out, privacy) and
  // the directory connection are walked without JavaScript; with it, the steps JavaScript changes
  // (ADR 012: the `js` run of a @nojs journey keeps what JavaScript changes).
  const full = !jsEnabled(testInfo);
  if (full) {
    // Personal fields: one through the form, 14 more, and the 16th refused.
    await page.getByRole("navigation", { name: "Group sections" }).getByRole("link", { name: "Personal fields" }).click();
    await expect(page).toHaveURL(new RegExp(`${base}/personal-fields$`));
    await settled(page, testInfo);
    await page.getByLabel("Label").fill("Department");
    await page.getByLabel("Type", { exact: true }).selectOption("dropdown");
    await page.getByLabel("Options").fill("Sales\nFinance");
    await page.getByRole("checkbox", { name: "Favourite" }).check();
    await page.getByRole("button", { name: "Add field" }).click();
    await expect(page.getByText("“Department” has been added.")).toBeVisible();
    for (let i = 2; i <= 15; i++) expect((await api.send("POST", `groups/${id}/personal-fields`, field(`Field ${i}`))).status).toBe(200);
    await page.reload();
    await expect(page.getByText("15 of 15 personal fields · 1 of 4 favourites")).toBeVisible();
    await checkpoint(page, testInfo, "personal fields");
    await page.getByLabel("Label").fill("One too many");
    await page.getByRole("button", { name: "Add field" }).click();
    await expect(page.getByText("A group has at most 15 personal fields")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("rowheader", { name: "One too many" })).toHaveCount(0);
  }

  // The badge: the default layout has a QR code; add a text element, place it, print it.
  await page.goto(`${base}/badges`);
  await settled(page, testInfo);
  const preview = page.getByRole("img", { name: `The badge of ${name}, 100 × 62 mm` });
  await expect(preview).toBeVisible();
  await page.getByLabel("Element", { exact: true }).selectOption("text");
  await page.getByLabel("Text (for a text element)").fill("VISITOR");
  await page.getByRole("button", { name: "Add element" }).click();
  await expect(page.getByText("Text has been added to the badge.")).toBeVisible();
  const text = "7. Text “VISITOR”";
  await page.getByLabel(`From the left (mm) — ${text}`).fill("40");
  await page.getByLabel(`From the top (mm) — ${text}`).fill("4");
  if (jsEnabled(testInfo)) {
    // Drag it 10 mm right: the numbers follow (the preview may be drawn smaller than life: measure it).
    await preview.scrollIntoViewIfNeeded();
    const perMm = (await preview.boundingBox())!.width / 100;
    const box = (await preview.locator("g[data-index='6']").boundingBox())!;
    await page.mouse.move(box.x + 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 2 + 10 * perMm, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    // About 10 mm further right (where the pointer lands inside a pixel decides the last half millimetre).
    await expect.poll(async () => Number(await page.getByLabel(`From the left (mm) — ${text}`).inputValue())).toBeGreaterThanOrEqual(48);
    expect(Number(await page.getByLabel(`From the left (mm) — ${text}`).inputValue())).toBeLessThanOrEqual(52);
  }
  const placed = await page.getByLabel(`From the left (mm) — ${text}`).inputValue();
  await page.getByRole("button", { name: "Save badge" }).click();
  await expect(page.getByText(`The badge of ${name} has been saved.`)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(`From the left (mm) — ${text}`)).toHaveValue(placed);
  expect((await api.get(`groups/${id}/badge`)).elements[6]).toMatchObject({ kind: "text", text: "VISITOR", x: Number(placed), y: 4 });
  await checkpoint(page, testInfo, "badge builder");
  await page.getByRole("link", { name: "Print preview" }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/badges\\?print$`));
  await expect(page.getByRole("heading", { name: "Print preview" })).toBeVisible();
  await expect(page.locator(".badge-print svg")).toHaveAttribute("width", "100mm");
  await checkpoint(page, testInfo, "badge print view");
  // Printed, the label is all there is.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("navigation", { name: "Group sections" })).toBeHidden();
  await expect(page.locator(".badge-print svg")).toBeVisible();
  await page.emulateMedia({ media: "screen" });
  expect((await api.get(`groups/${id}/badge`)).elements.map((e: { kind: string }) => e.kind)).toEqual(["logo", "photo", "name", "group", "date", "qr", "text"]);

  if (full) {
    // Sign in and sign out options, and retention.
    await page.goto(`${base}/sign-in`);
    await settled(page, testInfo);
    await page.getByLabel("Badge printing", { exact: true }).selectOption("ask");
    await page.getByRole("checkbox", { name: "Sign in with a QR code" }).uncheck();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText(`The changes to ${name} have been saved.`)).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Badge printing", { exact: true })).toHaveValue("ask");
    await expect(page.getByRole("checkbox", { name: "Sign in with a QR code" })).not.toBeChecked();
    await checkpoint(page, testInfo, "sign-in tab");

    await page.goto(`${base}/sign-out`);
    await settled(page, testInfo);
    await page.getByLabel("Sign out automatically", { exact: true }).selectOption("after_duration");
    await page.getByLabel("After (hours)").fill("12");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText(`The changes to ${name} have been saved.`)).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("After (hours)")).toHaveValue("12");

    await page.goto(`${base}/privacy`);
    await settled(page, testInfo);
    await page.getByLabel("Keep visit records for", { exact: true }).selectOption("3y");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText(`The changes to ${name} have been saved.`)).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Keep visit records for", { exact: true })).toHaveValue("3y");
    expect((await api.get(`groups/${id}`)).settings).toMatchObject({ sign_in: { badge_printing: "ask", qr_sign_in: false }, sign_out: { auto_clear: "after_duration", auto_clear_hours: 12 }, privacy: { data_retention: "3y" } });

    // Connect Azure AD through the demo directory's consent page (the upstream's), choose a directory
    // group: its people become members; then the directory takes back API access.
    await page.goto(`${base}/details`);
    await settled(page, testInfo);
    const directory = page.getByRole("region", { name: "Directory sync" });
    await expect(directory.getByText("Not connected: members are added by hand.")).toBeVisible();
    await directory.getByLabel("Directory", { exact: true }).selectOption("azure-ad");
    await directory.getByRole("button", { name: "Connect" }).click();
    await expect(page.getByRole("heading", { name: "Microsoft Azure Active Directory (demo)" })).toBeVisible();
    await page.getByRole("button", { name: "Allow" }).click();
    await expect(page).toHaveURL(new RegExp(`/manage/group/azure-id/${id}$`));
    await expect(page.getByText("Connected. Now choose the directory group whose people become members.")).toBeVisible();
    await settled(page, testInfo);
    await page.getByLabel("Directory group", { exact: true }).selectOption({ label: "Site Surveyors" });
    await page.getByRole("button", { name: "Save and sync" }).click();
    await expect(page.getByText(`The directory group of ${name} has been saved and synced.`)).toBeVisible();
    await page.reload();
    await expect(page.getByText("3 from the directory, 0 added by hand")).toBeVisible();
    await checkpoint(page, testInfo, "a group synced from Azure AD");
    await page.goto(`${base}/members`);
    for (const person of ["Noah Patel", "Chloe Dubois", "Harriet Webb"]) await expect(page.getByRole("rowheader", { name: person })).toBeVisible();
    await page.goto(`/manage/group/azure-id/${id}`);
    await settled(page, testInfo);
    await hook("POST", "directory/faults", { provider: "azure-ad", fault: "invalid_grant" });
    try {
      await page.getByRole("button", { name: "Sync now" }).click();
      await expect(page.getByText("API access is no longer available. Connect the directory again.").first()).toBeVisible();
      await page.reload();
      await expect(page.getByText("Failed: API access is no longer available. Connect the directory again.")).toBeVisible();
    } finally {
      await hook("POST", "directory/faults", { provider: "azure-ad", fault: null });
    }
    expect(await api.get(`groups/${id}/sync`)).toMatchObject({ status: "error", error: "invalid_grant", synced_members: 3 });
  }

  // Delete it by typing its name.
  await page.goto(`${base}/details`);
  await settled(page, testInfo);
  await page.getByLabel(`Type “${name}” to confirm`).fill(name);
  await page.getByRole("button", { name: "Delete this group" }).click();
  await expect(page).toHaveURL(/\/manage\/overview\/groups$/);
  await expect(page.getByText(`${name} has been deleted.`)).toBeVisible();
  expect((await api.get(`groups/${id}`)).message).toBe("Group not found");
});

test("connect a group's notifications to the demo Slack, choose a channel, send a test message (with JavaScript)", async ({ page }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "the form driver covers it without JavaScript (tests/integration/forms-group-slack)");
  const email = uniqueEmail("group-slack");
  await createUser({ email, role: "Administrator", client: "eu:1", name: "Sally Slack" });
  await signIn(page, testInfo, email);
  await expect(page).toHaveURL(/\/today$/);
  const api = await upstreamAccess(upstreamUrl(), email);
  const group = (await api.send("POST", "groups", { name: `E2E Slack ${tag()}`, type: "standard" })).json as { id: number; name: string };

  await page.goto(`/manage/group/${group.id}/notifications`);
  const slack = page.getByRole("region", { name: "Slack" });
  await expect(slack.getByText("Not connected to Slack.")).toBeVisible();
  await checkpoint(page, testInfo, "notifications tab, Slack not connected");
  await slack.getByRole("button", { name: "Connect Slack" }).click();
  // The demo Slack's consent page (the upstream's), then back through the group's return page.
  await expect(page.getByRole("heading", { name: "Slack (demo)" })).toBeVisible();
  await checkpoint(page, testInfo, "the demo Slack's consent page");
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page).toHaveURL(new RegExp(`/manage/group/${group.id}/notifications#slack$`));
  await expect(page.getByText("Connected to the Slack workspace Gatehouse Demo. Now choose the channel.")).toBeVisible();
  await checkpoint(page, testInfo, "Slack connected");
  await slack.getByLabel("Channel", { exact: true }).selectOption({ label: "#reception" });
  await slack.getByRole("button", { name: "Save channel" }).click();
  await expect(page.getByText("Sign-ins will be posted to #reception.")).toBeVisible();
  await slack.getByRole("button", { name: "Send a test message" }).click();
  await expect(page.getByText("A test message has been posted to #reception.")).toBeVisible();
  await expect(slack.getByText("Connected: sign-ins are posted")).toBeVisible();
  await checkpoint(page, testInfo, "Slack posting to #reception");
  const posted = (await (await fetch(`${upstreamUrl()}/slack/demo/messages?channel=reception&limit=20`)).json()) as { messages: { text: string }[] };
  expect(posted.messages.map((m) => m.text)).toContain(`This is a test message from Gatehouse: sign-ins of ${group.name} will be posted here.`);
});
