/**
 * Revision 20 of the demo data: what the account pages show (ADR 023). Acme (eu:1, GBP): its
 * address and phone, a billing contact, two active subscriptions with add-ons and one not
 * renewing, an invoice of every status, SMS tokens available and pending (a pending order with its
 * invoice), and referrals on a trial and purchased. Globex (us:2, USD, a reseller's client, so
 * without subscriptions): SMS tokens and referrals. Each part only while the client has none.
 */
import { SMS_TOKEN_PRICE_CENTS } from "../../contract/index.ts";
import type { Queryable } from "../db/index.ts";
import { one } from "../db/index.ts";
import { createInvoice } from "./billing.ts";
import type { SeedStep } from "../runtime/seed-step.ts";
import { perDemoClient } from "../clients/seed.ts";

const daysFromNow = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

interface AccountSeed {
  address: string;
  phone: string;
  contact: { name: string; email: string; phone: string | null };
  sms: { available: number; pending: number };
  subscriptions: { plan: string; status: "active" | "non_renewing"; amount_cents: number; renews: number; addons: { name: string; amount_cents: number }[] }[];
  invoices: { status: "paid" | "posted" | "payment_due" | "not_paid" | "voided" | "pending"; issued: number; lines: { description: string; amount_cents: number }[] }[];
  referrals: { company: string; status: "trial" | "purchased"; reward: "donation" | "discount" | null; days: number }[];
}

const ACCOUNTS: Record<string, AccountSeed> = {
  "eu:1": {
    address: "1 Canada Square, London E14 5AB",
    phone: "+442079460000",
    contact: { name: "Alice Admin", email: "accounts@acme.example.com", phone: "+442079460001" },
    sms: { available: 480, pending: 250 },
    subscriptions: [
      { plan: "Enhanced (5 sites)", status: "active", amount_cents: 149_000, renews: 120, addons: [{ name: "Spaces", amount_cents: 36_000 }, { name: "Time & Attendance", amount_cents: 48_000 }] },
      { plan: "Extra kiosk licences (3)", status: "active", amount_cents: 27_000, renews: 120, addons: [] },
      { plan: "Event sites", status: "non_renewing", amount_cents: 12_000, renews: 40, addons: [{ name: "Badge printing", amount_cents: 6_000 }] },
    ],
    invoices: [
      { status: "paid", issued: -245, lines: [{ description: "Enhanced (5 sites), annual", amount_cents: 149_000 }, { description: "Spaces add-on", amount_cents: 36_000 }] },
      { status: "posted", issued: -60, lines: [{ description: "Extra kiosk licences (3)", amount_cents: 27_000 }] },
      { status: "payment_due", issued: -20, lines: [{ description: "Time & Attendance add-on", amount_cents: 48_000 }] },
      { status: "not_paid", issued: -95, lines: [{ description: "Badge printing add-on", amount_cents: 6_000 }] },
      { status: "voided", issued: -130, lines: [{ description: "Event sites (issued twice)", amount_cents: 12_000 }] },
    ],
    referrals: [
      { company: "Wayne Enterprises", status: "purchased", reward: "donation", days: -80 },
      { company: "Stark Industries", status: "purchased", reward: null, days: -30 },
      { company: "Cyberdyne Systems", status: "trial", reward: null, days: -5 },
    ],
  },
  "us:2": {
    address: "1 Globex Way, Cypress Creek, OR 97000",
    phone: "+15035550100",
    contact: { name: "Hank Globex", email: "billing@globex.example.com", phone: null },
    sms: { available: 1200, pending: 0 },
    subscriptions: [],
    invoices: [],
    referrals: [
      { company: "Initrode", status: "purchased", reward: null, days: -12 },
      { company: "Soylent Corp", status: "trial", reward: null, days: -3 },
    ],
  },
};

export async function seedAccount(q: Queryable, gid: string, clientId: number): Promise<void> {
  const a = ACCOUNTS[gid];
  if (!a) return;
  await q.query(
    `UPDATE clients SET address = coalesce(address, $2), phone = coalesce(phone, $3), billing_contact = coalesce(billing_contact, $4::jsonb) WHERE id = $1`,
    [clientId, a.address, a.phone, JSON.stringify(a.contact)],
  );
  if (!(await one(q, "SELECT 1 FROM subscriptions WHERE client_id = $1 LIMIT 1", [clientId]))) {
    for (const s of a.subscriptions) {
      await q.query("INSERT INTO subscriptions (client_id, plan, status, amount_cents, renews_on, addons) VALUES ($1, $2, $3, $4, $5::date, $6::jsonb)", [
        clientId, s.plan, s.status, s.amount_cents, daysFromNow(s.renews), JSON.stringify(s.addons),
      ]);
    }
  }
  if (!(await one(q, "SELECT 1 FROM invoices WHERE client_id = $1 LIMIT 1", [clientId]))) {
    for (const i of a.invoices) await createInvoice(q, clientId, i.status, i.lines, daysFromNow(i.issued));
    if (a.sms.pending > 0) {
      const invoiceId = await createInvoice(q, clientId, "pending", [{ description: `SMS tokens × ${a.sms.pending}`, amount_cents: a.sms.pending * SMS_TOKEN_PRICE_CENTS }], daysFromNow(-1));
      await q.query("INSERT INTO sms_purchases (client_id, tokens, invoice_id) VALUES ($1, $2, $3)", [clientId, a.sms.pending, invoiceId]);
    }
    await q.query("UPDATE clients SET sms_tokens_available = $2, sms_tokens_pending = $3 WHERE id = $1", [clientId, a.sms.available, a.sms.pending]);
  }
  if (!(await one(q, "SELECT 1 FROM referrals WHERE client_id = $1 LIMIT 1", [clientId]))) {
    for (const r of a.referrals) {
      await q.query("INSERT INTO referrals (client_id, company, status, reward, referred_on) VALUES ($1, $2, $3, $4, $5::date)", [clientId, r.company, r.status, r.reward, daysFromNow(r.days)]);
    }
  }
}

/** Revision 20. */
export const seedSteps: SeedStep[] = [perDemoClient("account.acme-and-globex", 20, ({ q }, gid, clientId) => seedAccount(q, gid, clientId))];
