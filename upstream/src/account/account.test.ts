/**
 * The account calls over HTTP against a running upstream (issue 16 item 4, ADR 023): the password
 * policy at sign-in (expired password, forced two-factor) and on refresh (forced
 * re-authentication); SMS orders paid into available tokens; invoices as PDFs to the client's
 * billing users only; rights; the logo as a file of the client; the seed's revision 20.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES, ACCOUNT_REFUSALS, INVOICE_STATUSES } from "../../contract/index.ts";
import { collectServerErrors, startTestUpstream, type TestUpstream } from "../test-support.ts";
import { httpTestClient } from "../http/http-test-client.ts";
import { MESSAGES } from "../auth/login.ts";

let up: TestUpstream;
let serverErrors: Record<string, unknown>[] = [];
const { call, as } = httpTestClient(() => up.url, "account");
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");
let n = 0;

async function ownClient(body: Record<string, unknown> = {}) {
  const r = await call("POST", "/__test/account/clients", { name: `Account test ${++n}`, ...body });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json as { global_id: string; subscriptions: number[] };
}
async function user(client: string, extra: Record<string, unknown> = {}) {
  const email = `account-${++n}-${Date.now()}@example.com`;
  const r = await call("POST", "/__test/users", { email, client, role: "Administrator", ...extra });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return email;
}
const login = (email: string) => call("POST", "/api/v2/auth/login", { email, password: "Demo-Passw0rd!" });

beforeAll(async () => {
  up = await startTestUpstream();
  serverErrors = collectServerErrors(up);
}, 120_000);

afterAll(async () => {
  expect(serverErrors).toEqual([]);
  await up?.stop();
}, 60_000);

describe("the password policy where it bites", () => {
  it("a password older than the expiry answers the expired-password step; a newer one signs in", async () => {
    const c = await ownClient();
    const admin = await as(await user(c.global_id));
    expect((await admin.patch("account/password-policy", { password_expiry_days: 45, force_2fa: false, force_reauthentication: false, prevent_password_reuse: false })).json.errors).toEqual({ password_expiry_days: [ACCOUNT_MESSAGES.expiry] });
    expect((await admin.patch("account/password-policy", { password_expiry_days: 30, force_2fa: false, force_reauthentication: false, prevent_password_reuse: true })).status).toBe(200);
    const old = await login(await user(c.global_id, { password_changed_days_ago: 31 }));
    expect([old.status, old.json.code, old.json.message]).toEqual([401, "password_expired", MESSAGES.passwordExpired]);
    expect((await login(await user(c.global_id, { password_changed_days_ago: 29 }))).status).toBe(200);
  });

  it("forced two-factor sends a user without it to the setup step", async () => {
    const c = await ownClient();
    const admin = await as(await user(c.global_id));
    await admin.patch("account/password-policy", { password_expiry_days: null, force_2fa: true, force_reauthentication: false, prevent_password_reuse: false });
    const r = await login(await user(c.global_id));
    expect([r.status, r.json.code, r.json.message]).toEqual([401, "two_factor_setup", MESSAGES.twoFactorSetup]);
  });

  it("forced re-authentication: the refresh of a session 12 hours old is refused", async () => {
    const c = await ownClient();
    const email = await user(c.global_id);
    const admin = await as(email);
    await admin.patch("account/password-policy", { password_expiry_days: null, force_2fa: false, force_reauthentication: true, prevent_password_reuse: false });
    const pair = (await login(email)).json;
    const fresh = await call("POST", "/api/v2/auth/access-token", { refresh_token: pair.refresh_token });
    expect(fresh.status).toBe(200);
    await up.app.db.query("UPDATE sessions SET created_at = now() - interval '13 hours' WHERE user_id = (SELECT id FROM users WHERE email = $1)", [email]);
    const stale = await call("POST", "/api/v2/auth/access-token", { refresh_token: fresh.json.refresh_token });
    expect([stale.status, stale.json.code, stale.json.message]).toEqual([401, "invalid_grant", ACCOUNT_REFUSALS.reauthenticate]);
  });
});

describe("SMS, invoices, rights", () => {
  it("an order is pending until its invoice is paid; an invoice is a PDF for the client's billing users only", async () => {
    const c = await ownClient({ subscriptions: ["Pro"] });
    const billing = await as(await user(c.global_id, { billing: true }));
    expect((await billing.post("account/sms/purchases", { tokens: 99 })).json.errors).toEqual({ tokens: [ACCOUNT_MESSAGES.smsTokens] });
    const order = await billing.post("account/sms/purchases", { tokens: 300 });
    expect([order.json.available, order.json.pending]).toEqual([0, 300]);
    const invoices = (await billing.get("account/billing")).json.invoices as { id: number; number: string; status: string }[];
    const sms = invoices.find((i) => i.number === order.json.purchases[0].invoice_number)!;
    expect((await call("POST", `/__test/account/invoices/${sms.id}/pay`)).status).toBe(200);
    expect((await billing.get("account/sms")).json).toMatchObject({ available: 300, pending: 0 });
    // The order is in the audit log (ADR 022): the purchase and its invoice, created by this user (the payment, by the billing stand-in, has no actor).
    const audited = await up.app.db.query<{ entity: string; action: string; label: string }>("SELECT entity, action, label FROM audit_log WHERE entity IN ('sms_purchases', 'invoices') AND label IN ('300 SMS tokens', $1) ORDER BY id", [sms.number]);
    expect(audited.map((a) => `${a.entity} ${a.action}`)).toEqual(["invoices create", "sms_purchases create"]);
    const pdf = await billing.get(`account/invoices/${sms.id}/pdf`);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(String(pdf.json.raw).slice(0, 4)).toBe("%PDF");
    // Another client's billing user: not found; a plain administrator: refused.
    const other = await as(await user((await ownClient()).global_id, { primary: true }));
    expect((await other.get(`account/invoices/${sms.id}/pdf`)).status).toBe(404);
    const plain = await as(await user(c.global_id));
    expect((await plain.get("account/billing")).status).toBe(403);
  });

  it("a Standard User may open none of the account calls; the logo is the client's file", async () => {
    const c = await ownClient();
    const admin = await as(await user(c.global_id));
    const standard = await as(await user(c.global_id, { role: "Standard User" }));
    for (const p of ["account/info", "account/password-policy", "account/sms", "account/referrals", "account/billing"]) expect((await standard.get(p)).status, p).toBe(403);
    const logo = (await admin.upload("account/logo", "logo.png", PNG, "image/png")).json.logo as string;
    expect((await standard.file(logo)).status).toBe(200);
    const stranger = await as(await user((await ownClient()).global_id));
    expect((await stranger.file(logo)).status).toBe(404);
    expect((await admin.del("account/logo")).json.logo).toBeNull();
    expect((await standard.file(logo)).status).toBe(404);
  });
});

describe("the demo data (revision 20)", () => {
  it("Acme has invoices of every status, subscriptions and SMS tokens; Globex's referrals are in USD", async () => {
    const acme = await as("admin@example.com");
    const billing = (await acme.get("account/billing")).json;
    expect(new Set(billing.invoices.map((i: { status: string }) => i.status))).toEqual(new Set(INVOICE_STATUSES));
    expect(billing.subscriptions.map((s: { status: string }) => s.status)).toEqual(["active", "active", "non_renewing"]);
    expect((await acme.get("account/sms")).json).toMatchObject({ available: 480, pending: 250, currency: "GBP" });
    const globex = await as("globex@example.com", "us");
    expect((await globex.get("account/referrals")).json).toMatchObject({ currency: "USD", reward_amount: 60 });
  });
});
