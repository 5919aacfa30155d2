/**
 * The account calls of one client (ADR 023): its information and logo, its password policy and
 * its SMS tokens (ManageClient.editor); each change runs in one transaction with the client's row
 * locked. An SMS order is a pending purchase with its invoice; paying the invoice (billing.ts)
 * makes the tokens available.
 */
import type { AccountInfo, AccountInfoInput, PasswordPolicy, SmsAccount } from "../../contract/index.ts";
import { currencyOf, SMS_TOKEN_PRICE_CENTS } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { one, type Queryable } from "../db/index.ts";
import { forbidden } from "../http/errors.ts";
import { abilities, type Principal } from "../clients/regional.ts";
import { deleteFile, storeOwnedFile, type UploadedFile } from "../sites/uploads.ts";
import { checkExpiry, checkInfo, checkSmsOrder, countryOf } from "./rules.ts";
import { createInvoice, demoBillingPays } from "./billing.ts";

export function requireAccountRight(p: Principal, right: "ManageClient.editor" | "Referral.manager"): void {
  if (!abilities(p).includes(right)) throw forbidden("You are not authorised to manage this account.");
}

interface InfoRow {
  name: string;
  settings: { country?: string };
  logo: string | null;
  logo_file_id: number | null;
  address: string | null;
  phone: string | null;
  default_locale: string | null;
  default_timezone: string | null;
}

async function infoRow(q: Queryable, clientId: number, lock = false) {
  return (await one<InfoRow>(
    q,
    `SELECT name, settings, logo, logo_file_id, address, phone, default_locale, default_timezone FROM clients WHERE id = $1${lock ? " FOR UPDATE" : ""}`,
    [clientId],
  ))!;
}

const toInfo = (r: InfoRow): AccountInfo => ({
  name: r.name,
  logo: r.logo,
  country: countryOf(r.settings),
  address: r.address,
  phone: r.phone,
  default_locale: r.default_locale as AccountInfo["default_locale"],
  default_timezone: r.default_timezone,
});

export async function getAccountInfo(app: App, p: Principal): Promise<AccountInfo> {
  requireAccountRight(p, "ManageClient.editor");
  return toInfo(await infoRow(app.db, p.client.id));
}

export async function updateAccountInfo(app: App, p: Principal, body: AccountInfoInput): Promise<AccountInfo> {
  requireAccountRight(p, "ManageClient.editor");
  const v = checkInfo(body);
  return app.db.tx(async (q) => {
    await infoRow(q, p.client.id, true);
    await q.query(
      `UPDATE clients SET name = $2, settings = settings || jsonb_build_object('country', $3::text), address = $4, phone = $5,
              default_locale = $6, default_timezone = $7 WHERE id = $1`,
      [p.client.id, v.name, v.country, v.address, v.phone, v.default_locale, v.default_timezone],
    );
    return toInfo(await infoRow(q, p.client.id));
  });
}

/** Upload (a file) or remove (null) the client's logo; the old file goes. */
export async function setAccountLogo(app: App, p: Principal, upload: (() => Promise<UploadedFile>) | null): Promise<AccountInfo> {
  requireAccountRight(p, "ManageClient.editor");
  const file = upload ? await upload() : null;
  return app.db.tx(async (q) => {
    const old = await infoRow(q, p.client.id, true);
    const stored = file ? await storeOwnedFile(q, { client_id: p.client.id }, file) : null;
    await q.query("UPDATE clients SET logo = $2, logo_file_id = $3 WHERE id = $1", [p.client.id, stored?.name ?? null, stored?.id ?? null]);
    await deleteFile(q, old.logo_file_id);
    return toInfo(await infoRow(q, p.client.id));
  });
}

const POLICY_COLS = "password_expiry_days, force_2fa, force_reauthentication, prevent_password_reuse";

export async function getPasswordPolicy(app: App, p: Principal): Promise<PasswordPolicy> {
  requireAccountRight(p, "ManageClient.editor");
  return (await one<PasswordPolicy>(app.db, `SELECT ${POLICY_COLS} FROM clients WHERE id = $1`, [p.client.id]))!;
}

export async function updatePasswordPolicy(app: App, p: Principal, body: PasswordPolicy | { password_expiry_days: number | null; force_2fa: boolean; force_reauthentication: boolean; prevent_password_reuse: boolean }): Promise<PasswordPolicy> {
  requireAccountRight(p, "ManageClient.editor");
  const days = checkExpiry(body.password_expiry_days);
  const [row] = await app.db.query<PasswordPolicy>(
    `UPDATE clients SET password_expiry_days = $2, force_2fa = $3, force_reauthentication = $4, prevent_password_reuse = $5 WHERE id = $1 RETURNING ${POLICY_COLS}`,
    [p.client.id, days, body.force_2fa, body.force_reauthentication, body.prevent_password_reuse],
  );
  return row!;
}

export async function smsAccount(q: Queryable, clientId: number): Promise<SmsAccount> {
  const c = (await one<{ sms_tokens_available: number; sms_tokens_pending: number; settings: { country?: string } }>(
    q,
    "SELECT sms_tokens_available, sms_tokens_pending, settings FROM clients WHERE id = $1",
    [clientId],
  ))!;
  const purchases = await q.query<SmsAccount["purchases"][number]>(
    `SELECT sp.id, sp.tokens, sp.status, i.number AS invoice_number, to_char(sp.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at
       FROM sms_purchases sp JOIN invoices i ON i.id = sp.invoice_id WHERE sp.client_id = $1 ORDER BY sp.id DESC LIMIT 50`,
    [clientId],
  );
  return { available: c.sms_tokens_available, pending: c.sms_tokens_pending, currency: currencyOf(countryOf(c.settings)), price_cents: SMS_TOKEN_PRICE_CENTS, purchases };
}

export async function getSmsAccount(app: App, p: Principal): Promise<SmsAccount> {
  requireAccountRight(p, "ManageClient.editor");
  return smsAccount(app.db, p.client.id);
}

/** Order tokens: the invoice (pending) and the purchase; the tokens are pending until it is paid. */
export async function buySmsTokens(app: App, p: Principal, body: { tokens: number }): Promise<SmsAccount> {
  requireAccountRight(p, "ManageClient.editor");
  const tokens = checkSmsOrder(body.tokens);
  const { invoiceId, account } = await app.db.tx(async (q) => {
    await q.query("SELECT 1 FROM clients WHERE id = $1 FOR UPDATE", [p.client.id]);
    const invoiceId = await createInvoice(q, p.client.id, "pending", [{ description: `SMS tokens × ${tokens}`, amount_cents: tokens * SMS_TOKEN_PRICE_CENTS }]);
    await q.query("INSERT INTO sms_purchases (client_id, tokens, invoice_id) VALUES ($1, $2, $3)", [p.client.id, tokens, invoiceId]);
    await q.query("UPDATE clients SET sms_tokens_pending = sms_tokens_pending + $2 WHERE id = $1", [p.client.id, tokens]);
    return { invoiceId, account: await smsAccount(q, p.client.id) };
  });
  demoBillingPays(app, invoiceId);
  return account;
}
