/**
 * Visit management in the visit details dialog (issue 17 item 2; ADR 026), JavaScript on: edit a
 * visit's notes, protect it, try to delete it (refused, with the message), unprotect and delete it,
 * anonymise another after the confirmation that says it cannot be undone. What the upstream holds
 * is checked after each step; axe checks the tab. (Every rule and refusal in depth, without
 * JavaScript: tests/integration/visit-management.test.ts; the API: upstream/src/visits/manage.test.ts.)
 */
import { upstreamAccess } from "../support/access";
import { createUpstreamSite } from "../support/hooks";
import { checkpoint, createUser, expect, signIn, test, uniqueEmail, upstreamUrl } from "./fixtures";

test("notes, protect, delete refused, unprotect and delete; anonymise another", async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const email = uniqueEmail("visit-manage-e2e");
  await createUser({ email, role: "Administrator", client: "eu:1", name: "Val Manager" });
  await signIn(page, testInfo, email);
  await expect(page).toHaveURL(/\/today$/);
  const api = await upstreamAccess(upstreamUrl(), email);
  const site = await createUpstreamSite(upstreamUrl(), { name: `E2E Manage ${Math.random().toString(36).slice(2, 7)}`, timezone: "Europe/London" });
  const visitors = site.groups.find((g) => g.name === "Visitors")!;
  const visit = async (name: string) => (await api.send("POST", `sites/${site.id}/visits`, { group_id: visitors.id, name, company: "Initrode" })).json.id as number;
  /** Open a confirming disclosure (it stays open across the tab's own answers) and confirm. */
  const confirm = async (scope: ReturnType<typeof page.getByRole>, summary: string, button: string) => {
    const confirmButton = scope.getByRole("button", { name: button });
    if (!(await confirmButton.isVisible())) await scope.locator("summary", { hasText: summary }).click();
    await confirmButton.click();
  };
  const first = await visit("Nina Notes");
  const second = await visit("Andy Anon");

  await page.goto(`/today/visits/${first}/manage`);
  const dialog = page.getByRole("dialog", { name: "Nina Notes" });
  await expect(dialog.getByRole("heading", { name: "Notes", exact: true })).toBeVisible();
  await checkpoint(page, testInfo, "visit dialog, manage tab");

  await dialog.getByRole("textbox", { name: "Notes" }).fill("Escorted at all times.");
  await dialog.getByRole("button", { name: "Save notes" }).click();
  await expect(page.getByText("Notes saved for Nina Notes").first()).toBeVisible();
  await dialog.getByRole("button", { name: "Protect visit" }).click();
  await expect(dialog.getByRole("button", { name: "Unprotect visit" })).toBeVisible();
  expect(await api.get(`visits/${first}/manage`)).toMatchObject({ notes: "Escorted at all times.", protected: true });

  // Delete is refused while protected, with the message.
  await confirm(dialog, "Delete", "Delete visit");
  await expect(dialog.getByText("This visit is protected against deletion. Unprotect it first.")).toBeVisible();
  expect((await api.get(`visits/${first}`)).id).toBe(first);

  await dialog.getByRole("button", { name: "Unprotect visit" }).click();
  await expect(dialog.getByRole("button", { name: "Protect visit" })).toBeVisible();
  await confirm(dialog, "Delete", "Delete visit");
  await expect(page).toHaveURL(/\/today$/);
  await expect(page.getByText("The visit of Nina Notes was deleted").first()).toBeVisible();
  expect((await api.send("POST", `visits/${first}/notes`, { notes: "x" })).status).toBe(404);

  // Anonymise another, after the confirmation that says it is irreversible.
  await page.goto(`/today/visits/${second}/manage`);
  const other = page.getByRole("dialog", { name: "Andy Anon" });
  await other.locator("summary", { hasText: "Anonymise" }).click();
  await expect(other.getByText(/This cannot be undone/)).toBeVisible();
  await confirm(other, "Anonymise", "Anonymise for good");
  await expect(page.getByText("The visit of Andy Anon was anonymised").first()).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Anonymised" })).toBeVisible();
  expect(await api.get(`visits/${second}`)).toMatchObject({ name: "Anonymised", company: null, status: "signed_in" });
});
