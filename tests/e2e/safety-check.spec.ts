/**
 * The safety check's journey (issue 18; ADR 029), with and without JavaScript: an administrator
 * adds a block-list entry and sets a group's safety check to hard; the front desk's kiosk sign-in
 * of that name is refused (a 422 that does not name the list) and shows on Today as a rejected
 * sign-in with its reason (with JavaScript, live, without a reload); set to soft, the same sign-in
 * goes through and shows on Today flagged, in words. axe checks each screen. (The forms in depth:
 * tests/integration/safety-check; the rules: upstream/src/safety-check/safety.test.ts.)
 */
import { SAFETY_CHECK_MESSAGES, SIGN_IN_REFUSED_CODE } from "@contract";
import type { Page, TestInfo } from "@playwright/test";
import { upstreamAccess } from "../support/access";
import { createUpstreamSite, kioskSignIn } from "../support/hooks";
import { checkpoint, createUser, expect, jsEnabled, settled, signIn, test, uniqueEmail, upstreamUrl } from "./fixtures";

const row = (page: Page, name: string) => page.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });

async function setMode(page: Page, testInfo: TestInfo, groupId: number, groupName: string, choice: string) {
  await page.goto(`/manage/group/${groupId}/sign-in`);
  await settled(page, testInfo);
  await page.getByLabel("Safety check", { exact: true }).selectOption({ label: choice });
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText(`The changes to ${groupName} have been saved.`)).toBeVisible();
}

test("a block-listed name is turned away at the kiosk in hard mode and let in flagged in soft mode @nojs", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const tag = Math.random().toString(36).slice(2, 7);
  // A site and a group of this run's own, so parallel runs never meet.
  const site = await createUpstreamSite(upstreamUrl(), { client: "eu:1", name: `E2E Safety ${tag}`, all_groups: true });
  const email = uniqueEmail("safety-e2e");
  await createUser({ email, role: "Administrator", client: "eu:1", site_ids: [site.id], name: "Sofia Safety" });
  const api = await upstreamAccess(upstreamUrl(), email);
  const groupName = `Checked visitors ${tag}`;
  const group = await api.send("POST", "groups", { name: groupName, type: "standard" });
  expect(group.status, JSON.stringify(group.json)).toBe(200);
  const groupId = group.json.id as number;
  const person = `Mallory Blocked ${tag}`;

  await signIn(page, testInfo, email);
  await expect(page).toHaveURL(/\/today$/);

  // The block list: add the person.
  await page.goto("/manage/safety-check");
  await expect(page).toHaveURL(/\/manage\/safety-check\/block-list$/);
  await checkpoint(page, testInfo, "block list");
  await page.getByRole("link", { name: "Add to the block list" }).click();
  await expect(page).toHaveURL(/\/block-list\/new$/);
  await settled(page, testInfo);
  await page.getByLabel("Name", { exact: true }).fill(person);
  await page.getByLabel("Reason or notes").fill("Trespass warning");
  await checkpoint(page, testInfo, "add to the block list");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByText(`${person} was added to the block list.`)).toBeVisible();
  await expect(page.getByRole("rowheader", { name: person })).toBeVisible();

  // Hard: the kiosk sign-in is refused, and Today lists it as rejected with its reason.
  await setMode(page, testInfo, groupId, groupName, "Check, and turn people away");
  await page.goto("/today");
  await settled(page, testInfo);
  if (jsEnabled(testInfo)) await expect(page.getByTestId("live-status")).toContainText("Live");
  const refused = await kioskSignIn(upstreamUrl(), "eu", site.device_token, { group_id: groupId, name: person });
  expect(refused.ok).toBe(false);
  expect(refused.status).toBe(422);
  if (!refused.ok) expect(refused.error).toMatchObject({ code: SIGN_IN_REFUSED_CODE, message: SAFETY_CHECK_MESSAGES.signInRefused });
  if (!jsEnabled(testInfo)) await page.reload();
  const rejected = page.getByRole("region", { name: /Rejected sign-ins today/ });
  await expect(row(page, person)).toContainText("Sign-in rejected: on the block list", { timeout: 3000 });
  await expect(rejected).toContainText(groupName);
  await checkpoint(page, testInfo, "today, a rejected sign-in");

  // Soft: the same sign-in goes through, flagged in words.
  await setMode(page, testInfo, groupId, groupName, "Check, and let people in (the failure is logged)");
  const admitted = await kioskSignIn(upstreamUrl(), "eu", site.device_token, { group_id: groupId, name: person });
  expect(admitted.ok, JSON.stringify(admitted)).toBe(true);
  await page.goto("/today");
  await settled(page, testInfo);
  const section = page.getByRole("region", { name: new RegExp(groupName) });
  await expect(section.getByRole("rowheader", { name: new RegExp(person) })).toContainText("Flagged by the safety check: on the block list");
  await checkpoint(page, testInfo, "today, a flagged visit");
});
