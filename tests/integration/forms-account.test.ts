/**
 * The account pages through real HTTP, driven as a browser without JavaScript would (issue 16
 * item 4, ADR 023): the landing, the information (company name required, phone stored E.164, the
 * logo), the password policy and its enforcement at sign-in (a password older than a 30-day policy
 * expires; forced two-factor), SMS tokens, subscriptions, invoices as PDFs, the billing contact,
 * cancellation (platform §5's rules), referrals; hostile input gets a 4xx with a message; a
 * Standard User gets 403 on every account page.
 *
 * Each test that changes something makes a client of its own (`/__test/account/clients`), so the
 * demo clients other tests read are never changed.
 */
import { describe, expect, test } from "vitest";
import { upstreamAccess } from "../support/access";
import { createUser, failuresOf, hook, newBrowser, newClient, postMultipart, signIn, signInWithForms, uniqueEmail, upstreamUrl } from "./helpers";

const tag = () => Math.random().toString(36).slice(2, 7);
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

/** A client of the test's own (GB unless told) and its primary, billing administrator, signed in without JavaScript. */
async function ownClient(opts: { country?: string; subscriptions?: string[]; trial_ends_on?: string | null; referrals?: { company: string; status: "trial" | "purchased" }[] } = {}) {
  const made = await hook<{ global_id: string; subscriptions: number[]; referrals: number[] }>("POST", "account/clients", { name: `Account Co ${tag()}`, ...opts });
  const email = uniqueEmail("account");
  await createUser({ email, client: made.global_id, role: "Administrator", primary: true, billing: true, name: "Ada Account" });
  const browser = newBrowser();
  expect((await signInWithForms(browser, email)).path).toBe("/today");
  return { ...made, email, browser, api: await upstreamAccess(upstreamUrl(), email) };
}

const ACCOUNT_ROUTES = ["/manage/account/info", "/manage/account/password-policy", "/manage/account/sms", "/manage/account/subscriptions", "/manage/account/subscriptions/invoices/1", "/manage/account/refer"];

describe("the account landing", () => {
  test("sends an administrator to the first account page they may open", async () => {
    const page = await (await ownClient()).browser.open("/manage/account");
    expect(page.path).toBe("/manage/account/info");
    expect(page.region("Account pages").links().map((l) => l.name)).toEqual(expect.arrayContaining(["Information", "Password policy"]));
  });

  test("the manage landing offers the account pages to whoever may open one of them", async () => {
    const admin = await ownClient();
    let page = await admin.browser.open("/manage");
    page = await page.click("Account");
    expect(page.path).toBe("/manage/account/info");
    // A Standard User may open no account page (and not /manage either).
    const standard = newBrowser();
    await signInWithForms(standard, "standard@example.com");
    expect((await standard.open("/manage")).hasLink("Account")).toBe(false);
  });

  test("a Standard User gets 403 on the landing and on every account page, GET and POST", async () => {
    const client = newClient();
    await signIn(client, "standard@example.com");
    for (const path of ["/manage/account", ...ACCOUNT_ROUTES]) {
      expect((await client.request(path)).res.status, path).toBe(403);
      expect((await client.post(path, { intent: "save" }, { follow: false })).res.status, path).toBe(403);
    }
  });
});

describe("the company information, without JavaScript", () => {
  test("saves; the company name is required; the phone is stored E.164 for the country", async () => {
    const { browser, api } = await ownClient();
    let page = await browser.open("/manage/account/info");
    page = await page.form("Save information").fill("Company name", "").submit("Save information");
    expect(page.status).toBe(400);
    expect(page.fieldErrors("Company name")).toEqual(["Company name is required"]);
    page = await page.form("Save information").fill("Company name", "Account Co Renamed").fill("Phone (optional)", "12").submit("Save information");
    expect(page.status).toBe(422);
    expect(page.fieldErrors("Phone (optional)")).toEqual(["Enter a valid phone number"]);
    expect(page.form("Save information").value("Company name")).toBe("Account Co Renamed");
    page = await page
      .form("Save information")
      .fill("Phone (optional)", "020 7946 0000")
      .fill("Address (optional)", "1 High Street\nLondon")
      .select("Default language", "Deutsch")
      .select("Default time zone", "Europe/Berlin")
      .submit("Save information");
    expect(page.notices().join(" ")).toContain("Information saved");
    const info = await api.get("account/info");
    expect(info).toMatchObject({ name: "Account Co Renamed", country: "GB", phone: "+442079460000", address: "1 High Street\nLondon", default_locale: "de", default_timezone: "Europe/Berlin" });
    // The country changes how a number is read.
    page = await page.form("Save information").select("Country", "United States").fill("Phone (optional)", "(503) 555-0100").submit("Save information");
    expect(await api.get("account/info")).toMatchObject({ country: "US", phone: "+15035550100" });
  });

  test("the logo is uploaded, shown from the portal's /files and removed", async () => {
    const { browser, api } = await ownClient();
    let page = await browser.open("/manage/account/info");
    expect(page.has("No logo yet.")).toBe(true);
    page = await page.form("Upload logo").attach("Logo image", { name: "logo.png", type: "image/png", data: PNG }).submit("Upload logo");
    expect(page.notices().join(" ")).toContain("Logo saved");
    const logo = (await api.get("account/info")).logo as string;
    expect(page.images().map((i) => i.src)).toContain(`/files/${logo}`);
    const file = await browser.client.request(`/files/${logo}`);
    expect(file.res.status).toBe(200);
    page = await page.form("Upload logo").attach("Logo image", { name: "notes.txt", type: "text/plain", data: Buffer.from("hello") }).submit("Upload logo");
    expect(page.status).toBe(422);
    expect(page.fieldErrors("Logo image")).toEqual(["The image must be a PNG, JPEG, GIF or WebP file"]);
    page = await page.form("Upload logo").submit("Upload logo");
    expect(page.status).toBe(400);
    expect(page.fieldErrors("Logo image")).toEqual(["Choose a file to upload"]);
    page = await (await browser.open("/manage/account/info")).form("Remove logo").submit("Remove logo");
    expect(page.notices().join(" ")).toContain("Logo removed");
    expect((await api.get("account/info")).logo).toBeNull();
  });

  test("hostile input: 4xx with a message, never a 500", async () => {
    const { browser } = await ownClient();
    const bad = "Bad request";
    const failures = await failuresOf(browser.client, [
      ["/manage/account/info", { intent: "save", name: "x\r\nBcc: a@b.c", country: "GB" }, 400, "This must be on one line"],
      ["/manage/account/info", { intent: "save", name: "Co", country: "ZZ" }, 422, "Choose a country"],
      ["/manage/account/info", { intent: "save", name: "Co", country: "GB", default_timezone: "Mars/Base" }, 422, "Choose a valid time zone"],
      ["/manage/account/info", { intent: "save", name: "C".repeat(5000), country: "GB" }, 400, "That is too long."],
      ["/manage/account/info", { intent: "nope" }, 400, bad],
      ["/manage/account/password-policy", { intent: "save", password_expiry_days: "45" }, 400, "Password expiry must be 30, 60 or 90 days, or never"],
      ["/manage/account/password-policy", { intent: "save", password_expiry_days: "30", force_2fa: "maybe" }, 400, "Choose one of the options shown."],
    ]);
    expect(failures).toEqual([]);
    const multipart = await postMultipart(browser.client, "/manage/account/info", [["file", PNG, "logo.png", "image/png"]]);
    expect(multipart.res.status).toBe(400);
  });
});

describe("the password policy, enforced by the upstream at sign-in", () => {
  test("saves every setting", async () => {
    const { browser, api } = await ownClient();
    let page = await browser.open("/manage/account/password-policy");
    page = await page.form("Save password policy").select("Passwords expire", "After 60 days").check("Force re-authentication").check("Prevent password reuse").submit("Save password policy");
    expect(page.notices().join(" ")).toContain("Password policy saved");
    expect(await api.get("account/password-policy")).toEqual({ password_expiry_days: 60, force_2fa: false, force_reauthentication: true, prevent_password_reuse: true });
    page = await page.form("Save password policy").select("Passwords expire", "Never").uncheck("Force re-authentication").submit("Save password policy");
    expect(await api.get("account/password-policy")).toMatchObject({ password_expiry_days: null, force_reauthentication: false, prevent_password_reuse: true });
  });

  test("a password older than a 30-day policy expires at sign-in, through the portal's login form", async () => {
    const { browser, global_id } = await ownClient();
    const old = uniqueEmail("old-password");
    await createUser({ email: old, client: global_id, role: "Standard User", password_changed_days_ago: 45 });
    // Before the policy: the 45-day-old password signs in.
    expect((await signInWithForms(newBrowser(), old)).path).toBe("/today");
    let page = await browser.open("/manage/account/password-policy");
    page = await page.form("Save password policy").select("Passwords expire", "After 30 days").submit("Save password policy");
    expect(page.notices().join(" ")).toContain("Password policy saved");
    page = await signInWithForms(newBrowser(), old);
    expect(page.heading()).toBe("Choose a new password");
    expect(page.notices().join(" ")).toContain("Your password has expired, password policy requires you to change your password.");
    page = await page.form("Change password and sign in").fill("New password", "Fresh-Pass-2026!").fill("Confirm new password", "Fresh-Pass-2026!").submit();
    expect(page.path).toBe("/today");
    // A recent password is not touched by the policy.
    const recent = uniqueEmail("recent-password");
    await createUser({ email: recent, client: global_id, role: "Standard User", password_changed_days_ago: 10 });
    expect((await signInWithForms(newBrowser(), recent)).path).toBe("/today");
  });

  test("force two-factor sends a user without it to the setup step", async () => {
    const { browser, global_id } = await ownClient();
    const user = uniqueEmail("no-2fa");
    await createUser({ email: user, client: global_id, role: "Standard User" });
    await (await browser.open("/manage/account/password-policy")).form("Save password policy").check("Force two-factor authentication").submit("Save password policy");
    const page = await signInWithForms(newBrowser(), user);
    expect(page.heading()).toBe("Set up two-factor authentication");
    expect(page.notices().join(" ")).toContain("Password policy requires you to setup two factor authentication to continue.");
  });
});

describe("SMS tokens, without JavaScript", () => {
  test("an order is pending with its invoice; paying the invoice makes the tokens available", async () => {
    const { browser, api } = await ownClient();
    let page = await browser.open("/manage/account/sms");
    expect(page.has("1 token = 1 message.")).toBe(true);
    expect(page.has("No orders yet.")).toBe(true);
    page = await page.form("Order tokens").fill("Number of tokens", "50").submit("Order tokens");
    expect(page.status).toBe(400);
    expect(page.fieldErrors("Number of tokens")).toEqual(["Order between 100 and 100000 tokens"]);
    page = await page.form("Order tokens").fill("Number of tokens", "500").submit("Order tokens");
    expect(page.notices().join(" ")).toContain("500 tokens ordered");
    let sms = await api.get("account/sms");
    expect([sms.available, sms.pending, sms.purchases[0].status]).toEqual([0, 500, "pending"]);
    const invoice = (await api.get("account/billing")).invoices.find((i: { number: string }) => i.number === sms.purchases[0].invoice_number);
    expect(invoice.status).toBe("pending");
    await hook("POST", `account/invoices/${invoice.id}/pay`);
    sms = await api.get("account/sms");
    expect([sms.available, sms.pending, sms.purchases[0].status]).toEqual([500, 0, "available"]);
    page = await browser.open("/manage/account/sms");
    expect(page.row(sms.purchases[0].invoice_number).text()).toContain("Available");
    // Paid once: paying again changes nothing.
    await expect(hook("POST", `account/invoices/${invoice.id}/pay`)).rejects.toThrow();
    expect((await api.get("account/sms")).available).toBe(500);
  });

  test("hostile orders: 4xx with a message", async () => {
    const { browser } = await ownClient();
    const failures = await failuresOf(browser.client, [
      ["/manage/account/sms", { intent: "buy", tokens: "abc" }, 400, "Order between 100 and 100000 tokens"],
      ["/manage/account/sms", { intent: "buy", tokens: "100.5" }, 400, "Order between 100 and 100000 tokens"],
      ["/manage/account/sms", { intent: "buy", tokens: "99999999999" }, 400, "Order between 100 and 100000 tokens"],
    ]);
    expect(failures).toEqual([]);
  });
});

describe("subscriptions, invoices, billing contact and cancellation, without JavaScript", () => {
  test("the subscriptions and invoices are listed; an invoice downloads as a PDF; another client's is not found", async () => {
    const { browser, api } = await ownClient({ subscriptions: ["Pro plan", "Spaces add-on"] });
    const page = await browser.open("/manage/account/subscriptions");
    expect(page.row("Pro plan").text()).toContain("Active");
    const invoice = (await api.get("account/billing")).invoices[0];
    expect(page.row(invoice.number).text()).toContain("Posted");
    const href = page.row(invoice.number).link(`Download ${invoice.number}`);
    const pdf = await browser.client.request(href);
    expect(pdf.res.status).toBe(200);
    expect(pdf.res.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.res.headers.get("content-disposition")).toContain(`${invoice.number}.pdf`);
    expect(pdf.body.startsWith("%PDF")).toBe(true);
    // Acme's invoices are not this client's.
    const acme = await upstreamAccess(upstreamUrl(), "admin@example.com");
    const foreign = (await acme.get("account/billing")).invoices[0];
    expect((await browser.client.request(`/manage/account/subscriptions/invoices/${foreign.id}`)).res.status).toBe(404);
    expect((await browser.client.request("/manage/account/subscriptions/invoices/abc")).res.status).toBe(404);
  });

  test("the billing contact is saved, with its messages", async () => {
    const { browser, api } = await ownClient({ subscriptions: ["Pro plan"] });
    let page = await browser.open("/manage/account/subscriptions");
    page = await page.form("Save billing contact").fill("Name", "").fill("Email", "nope").submit("Save billing contact");
    expect(page.status).toBe(400);
    expect(page.fieldErrors("Name")).toEqual(["The billing contact's name is required"]);
    expect(page.fieldErrors("Email")).toEqual(["A valid email is required"]);
    page = await page.form("Save billing contact").fill("Name", "Bea Billing").fill("Email", "Bea@Example.com").fill("Phone (optional)", "020 7946 0011").submit("Save billing contact");
    expect(page.notices().join(" ")).toContain("Billing contact saved");
    expect((await api.get("account/billing")).contact).toEqual({ name: "Bea Billing", email: "bea@example.com", phone: "+442079460011" });
  });

  test("cancellation: every rule of platform §5 with its message, then the chosen subscription stops renewing", async () => {
    const { browser, api } = await ownClient({ subscriptions: ["Pro plan", "Spaces add-on"] });
    let page = await browser.open("/manage/account/subscriptions");
    page = await page.form("Cancel the chosen subscriptions").submit("Cancel the chosen subscriptions");
    expect(page.status).toBe(400);
    expect(page.groupErrors("Subscriptions to cancel")).toEqual(["Choose at least one subscription"]);
    expect(page.fieldErrors("Why are you cancelling?")).toEqual(["Please tell us why you are cancelling"]);
    expect(page.fieldErrors("Reason")).toEqual(["Choose a reason"]);
    expect(page.fieldErrors("What will you use instead?")).toEqual(["The alternative solution must be at least 3 characters"]);
    page = await page
      .form("Cancel the chosen subscriptions")
      .check("Spaces add-on")
      .fill("Why are you cancelling?", "We closed the London office")
      .select("Reason", "Other")
      .fill("What will you use instead?", "no")
      .submit("Cancel the chosen subscriptions");
    expect(page.fieldErrors("More details")).toEqual(["Please tell us more about the reason"]);
    expect(page.fieldErrors("What will you use instead?")).toEqual(["The alternative solution must be at least 3 characters"]);
    page = await page.form("Cancel the chosen subscriptions").fill("More details", "Budget moved to facilities").fill("What will you use instead?", "A paper visitor book").submit("Cancel the chosen subscriptions");
    expect(page.notices().join(" ")).toContain("Cancelled: the chosen subscriptions will not renew");
    const subs = (await api.get("account/billing")).subscriptions;
    expect(subs.map((x: { plan: string; status: string }) => [x.plan, x.status])).toEqual([["Pro plan", "active"], ["Spaces add-on", "non_renewing"]]);
    expect(page.row("Spaces add-on").text()).toContain("Non renewing");
    // A non-renewing subscription is not offered again; the upstream refuses it too.
    expect(page.form("Cancel the chosen subscriptions").has("Spaces add-on")).toBe(false);
    const again = await api.send("POST", "account/billing/cancellations", { subscription_ids: [subs[1].id], details: "x", reason: "other", more_details: "y", alternative: "abc" });
    expect(again.status).toBe(422);
  });

  test("only a super, primary or billing user of a client neither on trial nor a reseller's: 403 otherwise, from the upstream too", async () => {
    const { global_id } = await ownClient({ subscriptions: ["Pro plan"] });
    const plain = uniqueEmail("not-billing");
    await createUser({ email: plain, client: global_id, role: "Administrator" });
    const client = newClient();
    await signIn(client, plain);
    expect((await client.request("/manage/account/subscriptions")).res.status).toBe(403);
    expect((await (await upstreamAccess(upstreamUrl(), plain)).get("account/billing")).message).toMatch(/^Only a super, primary or billing user/);
    const trial = await ownClient({ subscriptions: ["Pro plan"], trial_ends_on: "2099-01-01" });
    expect((await trial.browser.client.request("/manage/account/subscriptions")).res.status).toBe(403);
    const globex = newClient();
    await signIn(globex, "globex@example.com"); // primary and billing, but a reseller's client
    expect((await globex.request("/manage/account/subscriptions")).res.status).toBe(403);
  });

  test("hostile cancellations and contacts: 4xx with a message", async () => {
    const { browser, subscriptions } = await ownClient({ subscriptions: ["Pro plan"] });
    const ok = { intent: "cancel", subscription_ids: String(subscriptions[0]), details: "d", reason: "too_expensive", alternative: "abc" };
    const failures = await failuresOf(browser.client, [
      ["/manage/account/subscriptions", { ...ok, subscription_ids: "999999" }, 422, "Choose at least one subscription"],
      ["/manage/account/subscriptions", { ...ok, subscription_ids: "-1" }, 400, "Choose at least one subscription"],
      ["/manage/account/subscriptions", { ...ok, reason: "bored" }, 400, "Choose a reason"],
      ["/manage/account/subscriptions", { intent: "save", name: "A\nB", email: "a@b.co" }, 400, "This must be on one line"],
      ["/manage/account/subscriptions", { intent: "save", name: "A", email: "a@b.co", phone: "123" }, 422, "Enter a valid phone number"],
    ]);
    expect(failures).toEqual([]);
  });
});

describe("referrals, without JavaScript", () => {
  test("the link, the referrals, and a purchased one's reward chosen as a donation or a discount; rewards by currency", async () => {
    const { browser, api, referrals } = await ownClient({ referrals: [{ company: "Wayne Enterprises", status: "purchased" }, { company: "Cyberdyne", status: "trial" }] });
    let page = await browser.open("/manage/account/refer");
    expect(page.has("you earn £50.00")).toBe(true);
    expect(page.field("Your referral link").value).toMatch(/\/login\?ref=[\w-]+$/);
    expect(page.row("Cyberdyne").text()).toContain("On a trial");
    expect(page.row("Cyberdyne").hasButton(/Save reward/)).toBe(false);
    page = await page.form("Save reward for Wayne Enterprises").select("Reward for Wayne Enterprises (£50.00)", "A discount on our invoice").submit("Save reward for Wayne Enterprises");
    expect(page.notices().join(" ")).toContain("Reward saved: a discount on your invoice");
    expect((await api.get("account/referrals")).referrals.find((r: { company: string }) => r.company === "Wayne Enterprises").reward).toBe("discount");
    // A trial referral has no reward yet; an unknown one is gone; a made-up kind is refused.
    const failures = await failuresOf(browser.client, [
      ["/manage/account/refer", { intent: "reward", id: String(referrals[1]), reward: "donation" }, 422, "A reward is chosen once the referral has purchased"],
      ["/manage/account/refer", { intent: "reward", id: "999999", reward: "donation" }, 404, "That referral no longer exists."],
      ["/manage/account/refer", { intent: "reward", id: String(referrals[0]), reward: "cash" }, 400, "Choose a donation or a discount"],
      ["/manage/account/refer", { intent: "reward", id: "x", reward: "cash" }, 400, "Bad request"],
    ]);
    expect(failures).toEqual([]);
    const us = await ownClient({ country: "US" });
    expect((await us.browser.open("/manage/account/refer")).has("you earn US$60.00")).toBe(true);
    const de = await ownClient({ country: "DE" });
    expect((await de.api.get("account/referrals")).reward_amount).toBe(60);
    expect((await de.api.get("account/referrals")).currency).toBe("EUR");
  });
});
