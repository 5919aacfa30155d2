/**
 * Pre-registration and its magic links through real HTTP, driven as a browser without JavaScript
 * would (ADR 019): the pre-register form (the spec's messages, pending vs expected), approving from
 * the list, the CSV import naming each bad row, the visitor's form opened and posted without
 * signing in (opening twice never uses it; a second post is told it was used), the result on the
 * list; a Standard user may pre-register; a viewer-only role is refused every change (403).
 */
import { describe, expect, test } from "vitest";
import type { Page } from "../support/browser";
import { createUpstreamRole } from "../support/hooks";
import { createUser, failuresOf, hook, newBrowser, newClient, signIn, signInWithForms, uniqueEmail, upstreamUrl } from "./helpers";

const notices = (page: Page) => page.notices().join(" ");

async function user(role: string, name = "Pat Prereg") {
  const email = uniqueEmail("pre-registrations");
  await createUser({ email, role, client: "eu:1", name });
  const browser = newBrowser();
  expect((await signInWithForms(browser, email)).path).toBe("/today");
  return { browser, email };
}

/** The path and query of the newest invitation's link for `purpose`. */
async function linkIn(to: string, purpose: string): Promise<string> {
  const mail = await hook<{ body: string }>("GET", `outbox?to=${encodeURIComponent(to)}`);
  const m = new RegExp(`https?://[^/\\s]+(/magic-link/${purpose}\\?token=[A-Za-z0-9_-]+)`).exec(mail.body);
  expect(m, mail.body).not.toBeNull();
  return m![1]!;
}

const visitorEmail = () => uniqueEmail("visitor", "example.org");

describe("pre-registering without JavaScript", () => {
  test("the form says what is missing; a visitor in a group that needs approval is pending, approved from the list, and completes the form by magic link", async () => {
    const { browser } = await user("Administrator");
    let page = await browser.open("/today");
    page = await page.follow("Pre-register");
    expect(page.path).toBe("/today/pre-register");
    page = await page.form("Pre-register").fill("Name", "  ").fill("Email", "nope").submit("Pre-register");
    expect(page.status).toBe(400);
    expect(page.fieldErrors("Name")).toEqual(["The visitor's name is required"]);
    expect(page.fieldErrors("Email")).toEqual(["A valid email is required"]);
    expect(page.fieldErrors("Time of arrival")).toEqual(["The time of arrival must be in the future"]);

    page = await page.form("Pre-register").fill("Name", "Nora Needsapproval").fill("Email", "x@example.org").select("Group", "Candidates (needs approval)").fill("Time of arrival", "2020-01-01T10:00").submit("Pre-register");
    expect(page.status).toBe(422);
    expect(page.fieldErrors("Time of arrival")).toEqual(["The time of arrival must be in the future"]);

    const to = visitorEmail();
    page = await page
      .form("Pre-register")
      .fill("Name", "Nora Needsapproval")
      .fill("Email", to)
      .select("Group", "Candidates (needs approval)")
      .fill("Time of arrival", "2031-01-02T10:00")
      .select("Visitor's language", "Deutsch")
      .submit("Pre-register");
    expect(page.path).toBe("/today/pre-registrations");
    expect(notices(page)).toContain("Nora Needsapproval is pre-registered and waits for approval");
    expect(page.row("Nora Needsapproval").text()).toContain("Waiting for approval");
    await expect(hook("GET", `outbox?to=${encodeURIComponent(to)}`)).rejects.toThrow(/404/);

    page = await page.form({ button: /^Approve/, within: page.row("Nora Needsapproval") }).submit(/^Approve/);
    expect(notices(page)).toContain("Nora Needsapproval is approved");
    expect(page.row("Nora Needsapproval").text()).toContain("Expected");

    // The visitor, in another browser, never signed in: the link opens in their language (German) and opening it twice does not use it.
    const visitor = newBrowser();
    const link = await linkIn(to, "pre-registration-form");
    // A mail scanner's prefetch (HEAD, then GET without cookies) leaves it open.
    expect((await newClient().request(`${link}&lng=de`, { method: "HEAD" })).res.status).toBe(200);
    let form = await visitor.open(link);
    form = await visitor.open(link);
    expect(form.status).toBe(200);
    expect(form.lang()).toBe("de");
    expect(form.heading()).toBe("Ergänzen Sie Ihre Angaben vor Ihrer Ankunft");
    form = await form.form("Meine Angaben senden").fill("Mobilnummer", "12").submit("Meine Angaben senden");
    expect(form.status).toBe(422);
    expect(form.fieldErrors("Mobilnummer")).toEqual(["Die Mobilnummer ist ungültig"]);
    form = await form
      .form("Meine Angaben senden")
      .fill("Firma", "Needsapproval GmbH")
      .fill("Mobilnummer", "07911 123456")
      .fill("Nachricht an Ihren Gastgeber", "Ich komme mit dem Zug")
      // Head Office's required custom fields (seeded, for every group; their labels are data, not translated).
      .fill("Company (erforderlich)", "Needsapproval GmbH")
      .select("Have you read the safety briefing? (erforderlich)", "Ja")
      .submit("Meine Angaben senden");
    expect(form.status).toBe(200);
    expect(notices(form)).toContain("Vielen Dank");
    form = await visitor.open(link);
    expect(notices(form)).toContain("Dieser Link wurde bereits verwendet.");

    page = await page.reload();
    const row = page.row("Nora Needsapproval").text();
    expect(row).toContain("Details completed");
    expect(row).toContain("Company: Needsapproval GmbH");
    expect(row).toContain("Mobile: +447911123456");
  });

  test("a visitor asks to cancel; cancelling revokes the links at once; an altered token is not found", async () => {
    const { browser } = await user("Administrator");
    const to = visitorEmail();
    let page = await browser.open("/today/pre-register");
    page = await page.form("Pre-register").fill("Name", "Carl Changer").fill("Email", to).select("Group", "Visitors").fill("Time of arrival", "2031-02-03T09:00").submit("Pre-register");
    expect(notices(page)).toContain("Carl Changer is pre-registered");
    const change = await linkIn(to, "visitor-change-request");
    const visitor = newBrowser();
    let form = await visitor.open(change);
    form = await form.form("Send my request").submit("Send my request");
    expect(form.status).toBe(400);
    expect(form.fieldErrors("What would you like to do?")).toEqual(["Choose a new time or cancel"]);
    form = await form.form("Send my request").select("What would you like to do?", "Cancel my visit").fill("Message for your host", "Sorry, ill").submit("Send my request");
    expect(notices(form)).toContain("Thank you");
    page = await page.reload();
    expect(page.row("Carl Changer").text()).toContain("Asks to cancel");

    const formLink = await linkIn(to, "pre-registration-form");
    page = await page.form({ button: "Cancel pre-registration", within: page.row("Carl Changer") }).submit("Cancel pre-registration");
    expect(notices(page)).toContain("The pre-registration of Carl Changer is cancelled");
    form = await visitor.open(formLink);
    expect(notices(form)).toContain("This link is no longer valid");
    const tampered = formLink.replace(/token=(.)/, (_, c: string) => `token=${c === "A" ? "B" : "A"}`);
    expect((await visitor.open(tampered)).status).toBe(404);
    expect((await visitor.open("/magic-link/absence-request?token=abcdefghijklmnopqrstuvwxyz")).status).toBe(404);
  });

  test("a CSV import creates the valid rows and names each bad row with its line and reason (a NUL in a cell too, never a 5xx)", async () => {
    const { browser } = await user("Administrator");
    const csv = [
      "name,email,arrival,company",
      `Ivy Import,${visitorEmail()},2031-03-04T11:00,"=HYPERLINK(""http://x"")"`,
      "No Email,,2031-03-04T11:00,",
      `Old Date,${visitorEmail()},2019-01-01T10:00,`,
      `Nul\u0000Import,${visitorEmail()},2031-03-04T11:00,`,
    ].join("\n");
    let page = await browser.open("/today/pre-register");
    page = await page.form("Import").select("Group", "Visitors").attach("CSV file", { name: "visitors.csv", type: "text/csv", data: Buffer.from(csv) }).submit("Import");
    expect(page.status).toBe(200);
    expect(notices(page)).toContain("Created: 1. Rows refused: 3.");
    expect(page.region("Rows not imported").text()).toContain("Line 3: A valid email is required");
    expect(page.region("Rows not imported").text()).toContain("Line 4: The time of arrival must be in the future");
    expect(page.region("Rows not imported").text()).toContain("Line 5: A cell of the row holds a control character (such as NUL): remove it");

    page = await page.form("Import").select("Group", "Visitors").attach("CSV file", { name: "bad.csv", type: "text/csv", data: Buffer.from("foo,bar\n1,2") }).submit("Import");
    expect(page.status).toBe(422);
    expect(page.fieldErrors("CSV file")).toEqual(["The file needs a header row with name, email and arrival"]);
    page = await browser.open("/today/pre-registrations");
    expect(page.row("Ivy Import").text()).toContain('=HYPERLINK("http://x")');
  });
});

describe("rights", () => {
  test("a Standard user may pre-register; a viewer-only role is refused every change with 403", async () => {
    const { browser } = await user("Standard User", "Stan Standard");
    let page = await browser.open("/today/pre-register");
    page = await page.form("Pre-register").fill("Name", "Sally Standardguest").fill("Email", visitorEmail()).select("Group", "Visitors").fill("Time of arrival", "2031-04-05T12:00").submit("Pre-register");
    expect(notices(page)).toContain("Sally Standardguest is pre-registered");
    const id = page.row("Sally Standardguest").all({ tag: "input", attr: "name", value: "id" })[0]!.attr("value")!;

    const role = `Prereg viewer ${Math.random().toString(36).slice(2, 6)}`;
    await createUpstreamRole(upstreamUrl(), { name: role, rights: ["Today.viewer"] });
    const email = uniqueEmail("prereg-viewer");
    await createUser({ email, role, client: "eu:1" });
    const web = newClient();
    await signIn(web, email);
    expect((await web.request("/today/pre-registrations")).res.status).toBe(200);
    expect((await web.request("/today/pre-register")).res.status).toBe(403);
    const failures = await failuresOf(web, [
      ["/today/pre-register", { intent: "pre-register", site_id: "1", group_id: "1", name: "X", email: "x@example.org", arrive_at: "2031-01-01T10:00" }, 403, "Forbidden"],
      ["/today/pre-register", { intent: "import", site_id: "1", group_id: "1" }, 403, "Forbidden"],
      ...(["approve", "decline", "sign-in", "delete"] as const).map((intent) => ["/today/pre-registrations", { intent, id }, 403, "Forbidden"] as [string, Record<string, string>, number, string]),
    ]);
    expect(failures).toEqual([]);
  });
});
