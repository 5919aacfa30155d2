/**
 * One administrator's journey through a new group, with and without JavaScript (groups spec §2–5):
 * create a returning group, fill its details (the PIN "12a" refused with "Pin must be 4 digits"),
 * add personal fields up to the limit and be refused the 16th, set sign-in and sign-out options and
 * retention, and delete the group by typing its name. After each step a reload shows what the
 * upstream stored; axe checks each screen. (The forms' rules in depth: tests/integration/forms-groups.)
 */
import { upstreamAccess } from "../support/access";
import { checkpoint, createUser, expect, heading, settled, signIn, test, uniqueEmail, upstreamUrl } from "./fixtures";

const tag = () => Math.random().toString(36).slice(2, 7);
const field = (label: string) => ({ label, type: "text", options: [], visible_to_member: false, on_evacuation_list: false, on_host_notifications: false, ask_on_first_sign_in: false, sensitive: false, required: false, editable: true, favourite: false, include_in_visit_record: false });

test("create a returning group, fill its tabs, reach the personal field limit, delete it @nojs", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("group-journey");
  await createUser({ email, role: "Administrator", client: "eu:1", name: "Greta Groups" });
  await signIn(page, testInfo, email);
  const api = await upstreamAccess(upstreamUrl(), email);

  // Create it, then open it from the overview.
  const name = `E2E Group ${tag()}`;
  await page.goto("/manage/group/add");
  await settled(page, testInfo);
  await page.getByLabel("Group name").fill(name);
  await page.getByRole("radio", { name: "Returning members" }).check();
  await page.getByRole("button", { name: "Add group" }).click();
  await expect(page.getByText(`Group “${name}” added.`)).toBeVisible();
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

  // Delete it by typing its name.
  await page.goto(`${base}/details`);
  await settled(page, testInfo);
  await page.getByLabel(`Type “${name}” to confirm`).fill(name);
  await page.getByRole("button", { name: "Delete this group" }).click();
  await expect(page).toHaveURL(/\/manage\/overview\/groups$/);
  await expect(page.getByText(`${name} has been deleted.`)).toBeVisible();
  expect((await api.get(`groups/${id}`)).message).toBe("Group not found");
});
