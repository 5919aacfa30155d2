/**
 * Pre-registration and its magic link, with JavaScript (ADR 019): an administrator pre-registers a
 * visitor in a group that needs approval (the dialog over Today), approves them on the list, the
 * invitation is read from the upstream's outbox, the visitor opens the link in a fresh browser
 * without signing in, completes the form (custom fields and a document), the host sees what they sent, and the link opened again
 * says it was used. axe checks each screen. (The rules in depth: upstream/src/pre-registrations tests and
 * tests/integration/forms-pre-registrations, without JavaScript.)
 */
import { checkpoint, createUser, expect, heading, latestMail, settled, signIn, test, uniqueEmail } from "./fixtures";

test("pre-register, approve, the visitor completes the form by magic link, the link is used once", async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("prereg-journey");
  await createUser({ email, role: "Administrator", client: "eu:1", name: "Hattie Host" });
  await signIn(page, testInfo, email);
  await expect(page).toHaveURL(/\/today$/);
  await settled(page, testInfo);

  // Pre-register in the dialog over Today.
  await page.getByRole("link", { name: "Pre-register", exact: true }).click();
  await expect(page).toHaveURL(/\/today\/pre-register$/);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Pre-register a visitor" })).toBeVisible();
  await checkpoint(page, testInfo, "pre-register dialog");
  const single = dialog.locator("form#pre-register");
  const visitor = uniqueEmail("journey-visitor", "example.org");
  await single.getByLabel("Group").selectOption({ label: "Candidates (needs approval)" });
  await single.getByLabel("Name", { exact: true }).fill("Vivian Visitor");
  await single.getByLabel("Email").fill(visitor);
  await single.getByLabel("Time of arrival").fill("2031-05-06T10:30");
  await single.getByRole("button", { name: "Pre-register" }).click();

  await expect(page).toHaveURL(/\/today\/pre-registrations$/);
  await expect(page.getByText("Vivian Visitor is pre-registered and waits for approval")).toBeVisible();
  const row = page.getByRole("row", { name: /Vivian Visitor/ });
  await expect(row).toContainText("Waiting for approval");
  await checkpoint(page, testInfo, "pre-registrations, pending");
  await row.getByRole("button", { name: /^Approve/ }).click();
  await expect(page.getByText("Vivian Visitor is approved")).toBeVisible();
  await expect(row).toContainText("Expected");

  // The invitation, read from the outbox; the visitor opens it in a fresh browser, never signed in.
  const mail = await latestMail(visitor);
  expect(mail.subject).toBe("Your interview at Acme (Head Office)");
  const link = /https?:\/\/[^/\s]+(\/magic-link\/pre-registration-form\?token=[A-Za-z0-9_-]+)/.exec(mail.body)?.[1];
  expect(link, mail.body).toBeTruthy();
  const fresh = await browser.newContext({ baseURL });
  try {
    const guest = await fresh.newPage();
    await guest.goto(link!);
    await settled(guest, testInfo);
    await expect(heading(guest)).toHaveText("Complete your details before you arrive");
    await expect(guest.getByText(/Vivian Visitor, you are expected at Head Office/)).toBeVisible();
    await checkpoint(guest, testInfo, "magic link form");
    await guest.getByLabel("Company", { exact: true }).fill("Visitor & Co");
    // (Head Office also has a custom field called "Mobile number": ours comes first.)
    await guest.getByLabel("Mobile number", { exact: true }).first().fill("07911 123456");
    await guest.getByLabel("Message for your host").fill("Arriving by bike");
    // Head Office's required custom fields (seeded) and a document (ADR 019 "Fields and documents").
    await guest.getByLabel("Company (required)").fill("Visitor & Co");
    await guest.getByLabel("Have you read the safety briefing? (required)").selectOption({ label: "Yes" });
    await guest.getByLabel("Document", { exact: true }).setInputFiles({ name: "ID.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") });
    await guest.getByRole("button", { name: "Add the document" }).click();
    await expect(guest.getByText("ID.pdf was received")).toBeVisible();
    await expect(guest.getByLabel("Company", { exact: true })).toHaveValue("Visitor & Co");
    await guest.getByRole("button", { name: "Send my details" }).click();
    await expect(guest.getByText("Thank you. Your answer has been sent to your host.")).toBeVisible();

    // The host sees it.
    await page.reload();
    await settled(page, testInfo);
    const details = page.getByRole("row", { name: /Vivian Visitor/ }).getByTestId("visitor-details");
    await expect(details).toContainText("Company: Visitor & Co");
    await expect(details).toContainText("Mobile: +447911123456");
    await expect(details).toContainText("Message: Arriving by bike");
    await expect(page.getByRole("row", { name: /Vivian Visitor/ }).getByRole("link", { name: "ID.pdf" })).toHaveAttribute("href", /^\/files\//);

    // Opened again, the link says it was used.
    await guest.goto(link!);
    await settled(guest, testInfo);
    await expect(guest.getByText("This link has already been used.")).toBeVisible();
    await expect(guest.getByRole("button", { name: "Send my details" })).toHaveCount(0);
    await checkpoint(guest, testInfo, "magic link used");
  } finally {
    await fresh.close();
  }
});
