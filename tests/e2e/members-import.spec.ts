/**
 * Importing members with JavaScript on (issue 15 "Done when"; ADR 018): 200 members from a CSV
 * with 3 bad rows — the preview names the 3 rows and why, apply writes the other 197 — then the
 * same file edited and imported again: the preview shows updates, not duplicates. The upload goes
 * with its progress shown; axe checks each screen. (Hostile files, rights, the no-JavaScript forms:
 * tests/integration/members-import.test.ts; parsing and apply in depth: upstream
 * src/members/import.test.ts.)
 */
import { upstreamAccess } from "../support/access";
import { checkpoint, createUser, expect, settled, signIn, test, uniqueEmail, upstreamUrl } from "./fixtures";

const HEADER = "Member ID,Name,Email,Mobile,Start date,End date,Sites shown,Archived";

function members(edit = false): string {
  const rows = Array.from({ length: 200 }, (_, i) => {
    const n = String(i + 1).padStart(3, "0");
    return `,${edit && i < 10 ? `Renamed ${n}` : `Member ${n}`},member${n}@example.com,,2026-01-01,,,no`;
  });
  rows[49] = ",Bad Email,not-an-email,,,,,no"; // line 51
  rows[99] = ",,nameless@example.com,,,,,no"; // line 101
  rows[149] = ",Backwards,backwards@example.com,,2026-05-01,2026-04-01,,no"; // line 151
  return `${HEADER}\n${rows.join("\n")}\n`;
}

test("import 200 members with 3 bad rows, then the same file edited: updates, not duplicates", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("members-import");
  await createUser({ email, role: "Administrator", client: "eu:1", name: "Imogen Import" });
  await signIn(page, testInfo, email);
  await expect(page).toHaveURL(/\/today$/);
  const api = await upstreamAccess(upstreamUrl(), email);
  const group = (await api.send("POST", "groups", { name: `E2E Import ${Math.random().toString(36).slice(2, 7)}`, type: "returning" })).json as { id: number };

  await page.goto(`/manage/group/${group.id}/members`);
  await settled(page, testInfo);
  await page.getByRole("link", { name: "Import members" }).click();
  await expect(page).toHaveURL(new RegExp(`/manage/group/${group.id}/members/import$`));
  await checkpoint(page, testInfo, "import upload");

  await page.getByLabel("File (CSV or XLSX)").setInputFiles({ name: "members.csv", mimeType: "text/csv", buffer: Buffer.from(members()) });
  await page.getByRole("button", { name: "Upload and preview" }).click();
  await expect(page).toHaveURL(/\/members\/import\?preview=/);
  await expect(page.getByText("To create: 197")).toBeVisible();
  await expect(page.getByText("Refused rows: 3")).toBeVisible();
  const refused = page.getByRole("table", { name: "Refused rows (3)" });
  await expect(refused.getByRole("row", { name: /^51 Bad Email/ })).toContainText("A valid email is required");
  await expect(refused.getByRole("row", { name: /^101/ })).toContainText("The member name is required");
  await expect(refused.getByRole("row", { name: /^151 Backwards/ })).toContainText("The end date must be on or after the start date");
  await checkpoint(page, testInfo, "import preview");
  expect((await api.get(`groups/${group.id}/members`)).total).toBe(0);

  await page.getByRole("button", { name: "Apply: create 197, update 0, archive 0" }).click();
  await expect(page).toHaveURL(new RegExp(`/manage/group/${group.id}/members$`));
  await expect(page.getByText("Import done: 197 created, 0 updated, 0 archived.")).toBeVisible();
  expect((await api.get(`groups/${group.id}/members`)).total).toBe(197);

  // The same file, ten names edited: matched on email, so ten updates and no new members.
  await page.getByRole("link", { name: "Import members" }).click();
  await page.getByLabel("File (CSV or XLSX)").setInputFiles({ name: "members-edited.csv", mimeType: "text/csv", buffer: Buffer.from(members(true)) });
  await page.getByRole("button", { name: "Upload and preview" }).click();
  await expect(page.getByText("To update: 10")).toBeVisible();
  await expect(page.getByText("To create: 0")).toBeVisible();
  await expect(page.getByText("Unchanged: 187")).toBeVisible();
  await expect(page.getByRole("row", { name: /^2 Update Renamed 001/ })).toContainText("Name");
  await checkpoint(page, testInfo, "re-import preview");
  await page.getByRole("button", { name: "Apply: create 0, update 10, archive 0" }).click();
  await expect(page.getByText("Import done: 0 created, 10 updated, 0 archived.")).toBeVisible();
  const after = await api.get(`groups/${group.id}/members?search=Renamed`);
  expect(after.total).toBe(10);
  expect((await api.get(`groups/${group.id}/members`)).total).toBe(197);
});
