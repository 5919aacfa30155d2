/**
 * The account pages with JavaScript (issue 16 item 4, ADR 023): the cancellation form checks
 * platform §5's rules in the browser before anything is sent — at least one subscription, details,
 * a reason, more details when the reason is Other, an alternative of at least 3 characters — then
 * a valid cancellation leaves the chosen subscription non renewing. axe checks the page. The
 * client is the test's own; every other form and rule: tests/integration/forms-account.
 */
import { upstreamAccess } from "../support/access";
import { checkpoint, createUser, expect, hook, signIn, test, uniqueEmail, upstreamUrl } from "./fixtures";

test("cancellation: the messages in the browser, then a cancellation @js-only", async ({ page }, testInfo) => {
  const made = await hook<{ global_id: string }>("POST", "account/clients", { name: `E2E Account ${Math.random().toString(36).slice(2, 7)}`, subscriptions: ["Pro plan", "Spaces add-on"] });
  const email = uniqueEmail("account-e2e");
  await createUser({ email, client: made.global_id, role: "Administrator", primary: true, billing: true });
  await signIn(page, testInfo, email, { audit: false });
  await expect(page).toHaveURL(/\/today$/);
  await page.goto("/manage/account");
  await expect(page).toHaveURL(/\/manage\/account\/info$/);
  await page.getByRole("navigation", { name: "Account pages" }).getByRole("link", { name: "Subscriptions" }).click();
  await expect(page).toHaveURL(/\/manage\/account\/subscriptions$/);
  await checkpoint(page, testInfo, "subscriptions");

  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Cancel the chosen subscriptions" }) });
  const submit = form.getByRole("button", { name: "Cancel the chosen subscriptions" });
  let posts = 0;
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().includes("/manage/account/subscriptions")) posts++;
  });
  await submit.click();
  await expect(form.getByText("Choose at least one subscription")).toBeVisible();
  await expect(form.getByText("Please tell us why you are cancelling")).toBeVisible();
  await expect(form.getByText("Choose a reason", { exact: true }).last()).toBeVisible();
  await expect(form.getByText("The alternative solution must be at least 3 characters")).toBeVisible();
  await form.getByLabel("Spaces add-on").check();
  await form.getByLabel("Why are you cancelling?").fill("We closed the London office");
  await form.getByLabel("Reason", { exact: true }).selectOption("other");
  await form.getByLabel("What will you use instead?").fill("ab");
  await submit.click();
  await expect(form.getByText("Please tell us more about the reason")).toBeVisible();
  await expect(form.getByText("The alternative solution must be at least 3 characters")).toBeVisible();
  expect(posts).toBe(0);
  await checkpoint(page, testInfo, "cancellation messages");

  await form.getByLabel("More details").fill("Budget moved to facilities");
  await form.getByLabel("What will you use instead?").fill("A paper visitor book");
  await submit.click();
  await expect(page.getByText("Cancelled: the chosen subscriptions will not renew").first()).toBeVisible();
  await expect(page.getByRole("row", { name: /Spaces add-on/ })).toContainText("Non renewing");
  const api = await upstreamAccess(upstreamUrl(), email);
  const subs = (await api.get("account/billing")).subscriptions as { plan: string; status: string }[];
  expect(subs.map((s) => s.status)).toEqual(["active", "non_renewing"]);
});
