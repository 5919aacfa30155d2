/**
 * Subscriptions, invoices, the billing contact and cancellation (platform §2, §4, §5; ADR 023),
 * for a super, primary or billing user of a client that is neither on trial nor a reseller's.
 * Invoices are PDFs made here with pdfkit and streamed. Paying an invoice (the demo billing, or
 * the test hook) makes an SMS purchase's tokens available.
 */
import PDFDocument from "pdfkit";
import type { Billing, CancellationInput, Invoice } from "../../contract/index.ts";
import { ACCOUNT_REFUSALS, currencyOf } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { inBackground } from "../runtime/background.ts";
import { one, type Queryable } from "../db/index.ts";
import { forbidden, notFound } from "../http/errors.ts";
import type { Ctx } from "../http/router.ts";
import type { Principal } from "../clients/regional.ts";
import { parseId } from "../sites/manage.ts";
import { checkCancellation, checkContact, countryOf } from "./rules.ts";

/** Platform §2: not on trial, not a reseller client, and a super, primary or billing user. */
export function mayManageBilling(p: Pick<Principal, "client" | "user" | "m">): boolean {
  return p.client.trial_ends_on === null && !p.client.reseller && (p.user.is_super || p.m.is_primary || p.m.is_billing);
}
function requireBilling(p: Principal): void {
  if (!mayManageBilling(p)) throw forbidden(ACCOUNT_REFUSALS.notBilling);
}

const DATE = (col: string) => `to_char(${col}, 'YYYY-MM-DD')`;

export interface InvoiceLine {
  description: string;
  amount_cents: number;
}

/** A new invoice of the client, numbered INV-000123. */
export async function createInvoice(q: Queryable, clientId: number, status: Invoice["status"], lines: InvoiceLine[], issuedOn?: string): Promise<number> {
  const total = lines.reduce((sum, l) => sum + l.amount_cents, 0);
  // The number from the id, in the one insert (the audit log sees the invoice as it is).
  const [{ id }] = await q.query<{ id: number }>(
    `WITH n AS (SELECT nextval(pg_get_serial_sequence('invoices', 'id')) AS id)
     INSERT INTO invoices (id, client_id, number, status, issued_on, due_on, lines, total_cents)
     SELECT n.id, $1, 'INV-' || lpad(n.id::text, 6, '0'), $2, coalesce($3::date, current_date), coalesce($3::date, current_date) + 30, $4::jsonb, $5 FROM n
     RETURNING id`,
    [clientId, status, issuedOn ?? null, JSON.stringify(lines), total],
  );
  return id;
}

/** An invoice is paid: an SMS purchase it names becomes available (once). */
export async function payInvoice(q: Queryable, invoiceId: number): Promise<boolean> {
  const inv = await one<{ id: number; status: string }>(q, "SELECT id, status FROM invoices WHERE id = $1 FOR UPDATE", [invoiceId]);
  if (!inv || inv.status === "paid" || inv.status === "voided") return false;
  await q.query("UPDATE invoices SET status = 'paid' WHERE id = $1", [invoiceId]);
  const [purchase] = await q.query<{ client_id: number; tokens: number }>(
    "UPDATE sms_purchases SET status = 'available' WHERE invoice_id = $1 AND status = 'pending' RETURNING client_id, tokens",
    [invoiceId],
  );
  if (purchase) {
    await q.query(
      "UPDATE clients SET sms_tokens_available = sms_tokens_available + $2, sms_tokens_pending = greatest(0, sms_tokens_pending - $2) WHERE id = $1",
      [purchase.client_id, purchase.tokens],
    );
  }
  return true;
}

/** The demo billing the upstream runs (not with test hooks, where a hook pays): pays an order a moment later. */
export const DEMO_PAYMENT_MS = 3000;
export function demoBillingPays(app: App, invoiceId: number): void {
  if (app.opts.testHooks) return;
  inBackground(app, "demo billing", async () => {
    await new Promise((resolve) => setTimeout(resolve, DEMO_PAYMENT_MS));
    await app.db.tx((q) => payInvoice(q, invoiceId));
  });
}

async function billingOf(q: Queryable, clientId: number): Promise<Billing> {
  const c = (await one<{ settings: { country?: string }; billing_contact: Billing["contact"] }>(q, "SELECT settings, billing_contact FROM clients WHERE id = $1", [clientId]))!;
  const subscriptions = await q.query<Billing["subscriptions"][number]>(
    `SELECT id, plan, status, amount_cents, ${DATE("renews_on")} AS renews_on, addons FROM subscriptions WHERE client_id = $1 ORDER BY id`,
    [clientId],
  );
  const invoices = await q.query<Invoice>(
    `SELECT id, number, status, ${DATE("issued_on")} AS issued_on, ${DATE("due_on")} AS due_on, total_cents FROM invoices WHERE client_id = $1 ORDER BY issued_on DESC, id DESC`,
    [clientId],
  );
  return { currency: currencyOf(countryOf(c.settings)), subscriptions, invoices, contact: c.billing_contact };
}

export async function getBilling(app: App, p: Principal): Promise<Billing> {
  requireBilling(p);
  return billingOf(app.db, p.client.id);
}

export async function updateBillingContact(app: App, p: Principal, body: { name: string; email: string; phone?: string | null }): Promise<Billing> {
  requireBilling(p);
  const contact = checkContact(body, countryOf(p.client.settings as { country?: string }));
  await app.db.query("UPDATE clients SET billing_contact = $2::jsonb WHERE id = $1", [p.client.id, JSON.stringify(contact)]);
  return billingOf(app.db, p.client.id);
}

/** Cancel: the chosen subscriptions stop renewing; the request is kept as asked. */
export async function cancelSubscriptions(app: App, p: Principal, body: CancellationInput): Promise<Billing> {
  requireBilling(p);
  return app.db.tx(async (q) => {
    const known = (await q.query<{ id: number }>("SELECT id FROM subscriptions WHERE client_id = $1 AND status = 'active' FOR UPDATE", [p.client.id])).map((r) => r.id);
    const v = checkCancellation(body, known);
    await q.query("UPDATE subscriptions SET status = 'non_renewing' WHERE client_id = $1 AND id = ANY($2::int[])", [p.client.id, v.ids]);
    await q.query(
      `INSERT INTO subscription_cancellations (client_id, user_id, subscription_ids, details, reason, more_details, alternative) VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7)`,
      [p.client.id, p.user.id, JSON.stringify(v.ids), v.details, v.reason, v.more_details, v.alternative],
    );
    return billingOf(q, p.client.id);
  });
}

const STATUS_WORDS: Record<Invoice["status"], string> = { paid: "Paid", posted: "Posted", payment_due: "Payment due", not_paid: "Not paid", voided: "Voided", pending: "Pending" };
const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency}`;

/** GET account/invoices/{id}/pdf: the invoice as a PDF, made and streamed. Another client's: 404. */
export async function invoicePdf(app: App, p: Principal, ctx: Ctx): Promise<void> {
  requireBilling(p);
  const id = parseId(ctx.params.invoiceId);
  const inv = Number.isNaN(id)
    ? undefined
    : await one<Invoice & { lines: InvoiceLine[] }>(
        app.db,
        `SELECT id, number, status, ${DATE("issued_on")} AS issued_on, ${DATE("due_on")} AS due_on, total_cents, lines FROM invoices WHERE id = $1 AND client_id = $2`,
        [id, p.client.id],
      );
  if (!inv) throw notFound(ACCOUNT_REFUSALS.invoiceGone);
  const c = (await one<{ name: string; address: string | null; settings: { country?: string }; billing_contact: Billing["contact"] }>(
    app.db,
    "SELECT name, address, settings, billing_contact FROM clients WHERE id = $1",
    [p.client.id],
  ))!;
  const currency = currencyOf(countryOf(c.settings));
  ctx.res.writeHead(200, {
    "content-type": "application/pdf",
    "content-disposition": `attachment; filename="${inv.number}.pdf"; filename*=UTF-8''${inv.number}.pdf`,
    "cache-control": "private, no-store",
    "x-content-type-options": "nosniff",
  });
  const doc = new PDFDocument({ size: "A4", margin: 50, info: { Title: `Invoice ${inv.number}`, Author: "Gatehouse" } });
  const finished = new Promise<void>((resolve, reject) => {
    ctx.res.on("finish", resolve);
    ctx.res.on("close", resolve);
    doc.on("error", reject);
  });
  doc.pipe(ctx.res);
  doc.fontSize(20).text("Gatehouse", { continued: false }).moveDown(0.5);
  doc.fontSize(14).text(`Invoice ${inv.number}`).moveDown();
  doc.fontSize(10).text(`Status: ${STATUS_WORDS[inv.status]}`);
  doc.text(`Issued: ${inv.issued_on}`);
  if (inv.due_on) doc.text(`Due: ${inv.due_on}`);
  doc.moveDown().text("Bill to:").text(c.name);
  if (c.address) doc.text(c.address);
  if (c.billing_contact) doc.text(`${c.billing_contact.name} <${c.billing_contact.email}>`);
  doc.moveDown();
  for (const line of inv.lines) doc.text(`${line.description}    ${money(line.amount_cents, currency)}`);
  doc.moveDown().fontSize(12).text(`Total: ${money(inv.total_cents, currency)}`);
  doc.end();
  await finished;
}
