/**
 * The client API page with JavaScript on (issue 18; ADR 030): create an API client, copy its secret
 * from the page (the copy button says "Copied"), a request with it from the test works, revoke it
 * after the confirmation, the same request gets 401. axe checks the page with the secret shown.
 * (Every rule without JavaScript: tests/integration/forms-features.test.ts; the API itself:
 * upstream/src/api-clients/client-api.test.ts.)
 */
import { checkpoint, createUser, expect, signIn, test, uniqueEmail, upstreamUrl } from "./fixtures";

test("create, copy the secret, call the client API, revoke → 401", async ({ page, context }, testInfo) => {
  const email = uniqueEmail("api-clients-e2e");
  await createUser({ email, role: "Administrator", client: "eu:1", name: "Cal Client" });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page, testInfo, email);
  await expect(page).toHaveURL(/\/today$/);
  await page.goto("/manage/features/api-clients");
  await expect(page.getByRole("heading", { level: 1, name: "Client API" })).toBeVisible();

  const name = `Lobby screen ${Math.random().toString(36).slice(2, 7)}`;
  await page.getByRole("textbox", { name: "Name" }).fill(name);
  await page.getByRole("checkbox", { name: "sites:read" }).check();
  await page.getByRole("button", { name: "Create API client" }).click();
  await expect(page.getByText("Copy the secret now: it will not be shown again.")).toBeVisible();
  await checkpoint(page, testInfo, "client API, secret shown once");

  await page.getByRole("button", { name: "Copy secret" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Copied" })).toBeVisible();
  const secret = await page.evaluate(() => navigator.clipboard.readText()).catch(() => page.getByRole("textbox", { name: "Secret" }).inputValue());
  expect(secret).toBe(await page.getByRole("textbox", { name: "Secret" }).inputValue());
  const clientId = await page.getByRole("textbox", { name: "Client id" }).inputValue();
  const call = () => fetch(`${upstreamUrl()}/eu/api/client/v1/sites`, { headers: { authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString("base64")}` } });
  expect((await call()).status).toBe(200);

  const row = page.getByRole("row").filter({ hasText: name });
  await row.locator("summary", { hasText: "Revoke" }).click();
  await row.getByRole("button", { name: "Revoke API client" }).click();
  await expect(page.getByText(`API client “${name}” revoked`).first()).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText("Revoked");
  expect((await call()).status).toBe(401);
});

test("visitor forms: the list, the new-form dialog and the public link pass axe; the link is copied", async ({ page, context }, testInfo) => {
  const email = uniqueEmail("forms-e2e");
  await createUser({ email, role: "Administrator", client: "eu:1", name: "Flo Forms" });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page, testInfo, email);
  await expect(page).toHaveURL(/\/today$/);
  await page.goto("/manage/features/forms");
  const row = page.getByRole("row").filter({ hasText: "Contractor sign-up" });
  await expect(row).toContainText("/magic-link/form/");
  await checkpoint(page, testInfo, "visitor forms");
  await row.getByRole("button", { name: "Copy link of Contractor sign-up" }).click();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/magic-link\/form\/[A-Za-z0-9_-]+$/);
  await page.getByRole("link", { name: "New form" }).click();
  await expect(page.getByRole("dialog", { name: "New form" })).toBeVisible();
  await checkpoint(page, testInfo, "new visitor form dialog");
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole("heading", { level: 1, name: "Contractor sign-up" })).toBeVisible();
  await checkpoint(page, testInfo, "a visitor form's public link");
});
