/**
 * Roles with JavaScript on (issue 16 item 2; ADR 021): an administrator creates a role in the
 * matrix — ticking a level ticks its section's view level as they click — then views it beside
 * Standard User, page by page. axe checks the list, the editor and "view as". (The rules and every
 * refusal without JavaScript: tests/integration/forms-roles; the walk: access.test.ts.)
 */
import { checkpoint, createUser, expect, settled, signIn, test, uniqueEmail } from "./fixtures";

test("create a role in the matrix, then view it beside Standard User @js-only", async ({ page }, testInfo) => {
  const email = uniqueEmail("roles-e2e");
  await createUser({ email, role: "Administrator", client: "eu:1", name: "Rory Roles" });
  await signIn(page, testInfo, email);
  await expect(page).toHaveURL(/\/today$/);

  await page.goto("/manage/account/permissions");
  await checkpoint(page, testInfo, "roles");
  await expect(page.getByRole("row", { name: /Standard User/ })).toContainText("Built in (read-only)");
  await page.getByRole("link", { name: "Add a role" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("New role");
  await settled(page, testInfo);

  const name = `Lobby ${Math.random().toString(36).slice(2, 7)}`;
  await page.getByLabel("Role name").fill(name);
  // Export implies View: ticked as it is clicked; unticking View unticks Export.
  await page.getByLabel("Export (History)").check();
  await expect(page.getByLabel("View (History)")).toBeChecked();
  await page.getByLabel("View (History)").uncheck();
  await expect(page.getByLabel("Export (History)")).not.toBeChecked();
  await page.getByLabel("Export (History)").check();
  await page.getByLabel("Sign in and out (Today view)").press("Space");
  await expect(page.getByLabel("View (Today view)")).toBeChecked();
  await checkpoint(page, testInfo, "role editor");
  await page.getByRole("button", { name: "Create the role" }).click();
  await expect(page).toHaveURL(/\/manage\/account\/permissions$/);
  await expect(page.getByText(`The role “${name}” was created.`).first()).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("Custom");

  await page.getByRole("link", { name: "View as…" }).click();
  await settled(page, testInfo);
  await page.getByLabel("Role", { exact: true }).selectOption({ label: name });
  await page.getByLabel("Beside").selectOption({ label: "Standard User" });
  await page.locator("form.view-as-choice").getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(/role=\d+&compare=\d+/);
  const table = page.getByRole("table", { name: `Pages ${name} and Standard User open` });
  await expect(table.getByRole("row", { name: /\/fire-list/ })).toContainText(/No access.*Opens/);
  await expect(table.getByRole("row", { name: /\/today\/sign-in/ })).toContainText(/Opens.*Opens/);
  await checkpoint(page, testInfo, "view as");
});
