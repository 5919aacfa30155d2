/**
 * One administrator's journey through a returning group's members, with and without JavaScript
 * (issue 15 "Done when"; groups spec §2–6): open one member and change something on every tab the
 * client has (details, emergency contacts, notifications, security, documents, evacuation, QR/RFID,
 * companion, spaces, time and attendance), issue a QR code, archive the member and find them under
 * "Archived", multi-edit 10 members, delete one. What the upstream stored is checked after each
 * step; axe checks the screens. The group and its 12 members are the test's own, made through the
 * upstream. (The forms' rules in depth: tests/integration/forms-members; the API:
 * upstream/src/members/members.test.ts.)
 */
import { upstreamAccess } from "../support/access";
import { checkpoint, createUser, expect, jsEnabled, settled, signIn, test, uniqueEmail, upstreamUrl } from "./fixtures";

const tag = () => Math.random().toString(36).slice(2, 7);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");

test("open a member, change every tab, issue a QR code, archive, multi-edit 10, delete one @nojs", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const email = uniqueEmail("members-journey");
  await createUser({ email, role: "Administrator", client: "eu:1", name: "Mo Members" });
  await signIn(page, testInfo, email);
  await expect(page).toHaveURL(/\/today$/);
  const api = await upstreamAccess(upstreamUrl(), email);

  const group = await api.send("POST", "groups", { name: `E2E Members ${tag()}`, type: "returning" });
  expect(group.status).toBe(200);
  const gid = group.json.id as number;
  const names = Array.from({ length: 12 }, (_, i) => `Person ${String(i + 1).padStart(2, "0")}`);
  const ids: number[] = [];
  for (const name of names) ids.push((await api.send("POST", `groups/${gid}/members`, { name, email: `${name.replace(" ", ".").toLowerCase()}.${tag()}@example.com` })).json.id);
  const member = (id: number) => api.get(`groups/${gid}/members/${id}`);
  const list = `/manage/group/${gid}/members`;

  // The list: 12 current members; open the first.
  await page.goto(list);
  await checkpoint(page, testInfo, "members tab");
  await expect(page.getByRole("link", { name: "Current (12)" })).toBeVisible();
  await page.getByRole("link", { name: "Person 01", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${list}/${ids[0]}/details$`));
  const dialog = page.getByRole("dialog", { name: "Person 01" });
  await expect(dialog).toBeVisible();
  await checkpoint(page, testInfo, "member editor, details");
  const tab = async (name: string) => {
    await dialog.getByRole("navigation", { name: "Member tabs" }).getByRole("link", { name, exact: true }).click();
    await settled(page, testInfo);
  };
  const saved = () => expect(page.getByText("Person 01 saved").first()).toBeVisible();

  // Details: the mobile (stored E.164), then an emergency contact.
  await dialog.getByLabel("Mobile", { exact: true }).fill("07911 123456");
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  await saved();
  await dialog.getByLabel("Name of contact 1", { exact: true }).fill("Pat Contact");
  await dialog.getByLabel("Phone of contact 1", { exact: true }).fill("020 7946 0002");
  await dialog.getByLabel("Relationship of contact 1", { exact: true }).selectOption("partner");
  await dialog.getByRole("button", { name: "Save contacts" }).click();
  // The first save's notice may still be showing: wait for what the upstream stored.
  await expect.poll(async () => (await member(ids[0]!)).emergency_contacts[0]?.name).toBe("Pat Contact");
  let m = await member(ids[0]!);
  expect([m.mobile, m.emergency_contacts[0]?.name]).toEqual(["+447911123456", "Pat Contact"]);

  // The tabs that are one plain form each (notifications, security, spaces, time and attendance)
  // are walked without JavaScript; with it, the dialog's own steps (ADR 012: the `js` run of a
  // @nojs journey keeps what JavaScript changes).
  const full = !jsEnabled(testInfo);
  if (full) {
    await tab("Notifications");
    await dialog.getByLabel("Welcome email", { exact: true }).uncheck();
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await saved();
    await tab("Security");
    await dialog.getByLabel("Mobile sign in", { exact: true }).check();
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await saved();
  }
  await tab("Documents");
  await dialog.getByLabel("Title", { exact: true }).fill("Safety induction");
  await dialog.getByLabel("File", { exact: true }).setInputFiles({ name: "induction.pdf", mimeType: "application/pdf", buffer: PDF });
  await dialog.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByText("“Safety induction” added").first()).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Download induction.pdf" })).toBeVisible();
  await tab("Evacuation");
  await dialog.getByLabel("Help needed to evacuate", { exact: true }).selectOption("mobility");
  await dialog.getByLabel("Notes for the fire list", { exact: true }).fill("Evacuation chair, east stairs");
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  await saved();
  await tab("QR/RFID");
  await dialog.getByRole("button", { name: "Issue a QR code" }).click();
  await expect(page.getByText("QR code issued to Person 01").first()).toBeVisible();
  await expect(dialog.getByRole("img", { name: "QR code of Person 01" })).toBeVisible();
  await checkpoint(page, testInfo, "member editor, QR/RFID");
  await tab("Companion");
  await dialog.getByRole("button", { name: "Send companion invite" }).click();
  await expect(page.getByText("Companion invite sent to Person 01").first()).toBeVisible();
  if (full) {
    await tab("Spaces");
    await dialog.getByLabel("Floor 2 › Open plan", { exact: true }).check();
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await saved();
    await tab("Time & Attendance");
    await dialog.getByLabel("Monday", { exact: true }).fill("7.5");
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await saved();
  }

  if (full) await expect.poll(async () => (await member(ids[0]!)).time_and_attendance.rota.mon).toBe(7.5);
  else await expect.poll(async () => (await member(ids[0]!)).evacuation.assistance).toBe("mobility");
  m = await member(ids[0]!);
  if (full) {
    expect(m.notifications.welcome_email).toBe(false);
    expect(m.permissions.mobile_sign_in).toBe(true);
    const openPlan = m.spaces.sites.flatMap((s: { zones: { id: number; path: string }[] }) => s.zones).find((z: { path: string }) => z.path === "Floor 2 › Open plan");
    expect(m.spaces.zones).toEqual([String(openPlan.id)]);
    expect(m.time_and_attendance.rota.mon).toBe(7.5);
  }
  expect(m.documents.map((d: { title: string }) => d.title)).toEqual(["Safety induction"]);
  expect(m.evacuation).toMatchObject({ assistance: "mobility", notes: "Evacuation chair, east stairs" });
  expect(m.credentials.map((c: { kind: string }) => c.kind)).toEqual(["qr"]);
  expect(m.companion.invited_at).not.toBeNull();

  // Archive from the editor: the QR code is revoked at once; the member is under "Archived".
  await dialog.getByRole("button", { name: "Archive Person 01" }).click();
  await expect(page.getByText("1 member archived").first()).toBeVisible();
  m = await member(ids[0]!);
  expect([m.state, m.credentials]).toEqual(["archived", []]);
  await page.goto(list);
  await settled(page, testInfo);
  await page.getByRole("link", { name: "Archived (1)" }).click();
  await expect(page.getByRole("rowheader", { name: "Person 01" })).toBeVisible();

  // Multi-edit 10 current members: their end date and a permission flag, all at once.
  await page.goto(`${list}?filter=current`);
  await settled(page, testInfo);
  for (const name of names.slice(1, 11)) await page.getByLabel(`Select ${name}`, { exact: true }).check();
  await page.getByRole("button", { name: "Edit selected" }).click();
  const multi = page.getByRole("dialog", { name: "Edit members" });
  await expect(multi).toBeVisible();
  await checkpoint(page, testInfo, "multi-edit");
  await multi.getByLabel("Change end date", { exact: true }).check();
  await multi.getByLabel("End date", { exact: true }).fill("2031-12-31");
  await multi.getByLabel("Today view", { exact: true }).selectOption("set");
  await multi.getByRole("button", { name: "Save changes to 10 members" }).click();
  await expect(page.getByText("10 members changed").first()).toBeVisible();
  for (const id of ids.slice(1, 11)) {
    const x = await member(id);
    expect([x.ends_on, x.permissions.today_view]).toEqual(["2031-12-31", true]);
  }
  expect((await member(ids[11]!)).ends_on).toBeNull();

  // Delete one, after the confirmation.
  await page.goto(list);
  await settled(page, testInfo);
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Person 12" }) });
  await row.locator("summary").click();
  await row.getByRole("button", { name: "Delete member" }).click();
  await expect(page.getByText("Person 12 deleted").first()).toBeVisible();
  expect((await api.send("POST", `groups/${gid}/members/archive`, { ids: [ids[11]], archived: true })).status).toBe(422);
  await checkpoint(page, testInfo, "members tab after the journey");
});
