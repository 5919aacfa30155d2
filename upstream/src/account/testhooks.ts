/**
 * The account area's test hooks (under `/__test/account/`, only with UPSTREAM_TEST_HOOKS=1):
 * a client of a test's own (so a password policy or a cancellation never touches the demo clients
 * other tests read), and paying an invoice (the demo billing's stand-in: an SMS order's tokens
 * become available).
 */
import { z } from "zod";
import type { App } from "../runtime/app.ts";
import { notFound } from "../http/errors.ts";
import type { Ctx } from "../http/router.ts";
import { parseTestInput, type TestHook } from "../http/testhooks.ts";
import { ALL_RIGHTS, STANDARD_RIGHTS } from "../clients/model.ts";
import { createInvoice, payInvoice } from "./billing.ts";

const NewClientBody = z.object({
  name: z.string().trim().min(1).max(100),
  country: z.string().regex(/^[A-Z]{2}$/).default("GB"),
  region: z.enum(["eu", "us"]).default("eu"),
  reseller: z.boolean().default(false),
  trial_ends_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable().default(null),
  /** Active subscriptions to give it (plan names), each with an invoice. */
  subscriptions: z.array(z.string().min(1).max(100)).max(10).default([]),
  /** Organisations it referred, on a trial or purchased. */
  referrals: z.array(z.object({ company: z.string().min(1).max(100), status: z.enum(["trial", "purchased"]) })).max(10).default([]),
});

export function testHooks(app: App): TestHook[] {
  return [
    { method: "POST", path: "/__test/account/clients", handler: (ctx) => newClient(app, ctx) },
    {
      method: "POST",
      path: "/__test/account/invoices/:id/pay",
      handler: async (ctx) => {
        const id = Number(ctx.params.id);
        const paid = Number.isInteger(id) && (await app.db.tx((q) => payInvoice(q, id)));
        if (!paid) throw notFound("Invoice not found or not payable.");
        return { body: { ok: true } };
      },
    },
  ];
}

/** A client of the test's own, with its roles, a site, subscriptions and referrals. */
async function newClient(app: App, ctx: Ctx) {
  const b = parseTestInput(NewClientBody, await ctx.readBody());
  const body = await app.db.tx(async (q) => {
    await q.query("LOCK TABLE clients IN SHARE ROW EXCLUSIVE MODE");
    const [{ n }] = await q.query<{ n: number }>("SELECT coalesce(max(number), 0) + 1 AS n FROM clients WHERE region = $1", [b.region]);
    const [{ id }] = await q.query<{ id: number }>(
      `INSERT INTO clients (region, number, name, trial_ends_on, reseller, settings) VALUES ($1, $2, $3, $4::date, $5, $6::jsonb) RETURNING id`,
      [b.region, n, b.name, b.trial_ends_on, b.reseller, JSON.stringify({ account_status: "normal", country: b.country })],
    );
    for (const [name, rights] of [["Administrator", ALL_RIGHTS], ["Standard User", STANDARD_RIGHTS]] as const) {
      await q.query("INSERT INTO roles (client_id, name, rights) VALUES ($1, $2, $3::jsonb)", [id, name, JSON.stringify(rights)]);
    }
    await q.query("INSERT INTO sites (client_id, type, name) VALUES ($1, 'standard', 'Office')", [id]);
    const subscriptions: number[] = [];
    for (const plan of b.subscriptions) {
      const [s] = await q.query<{ id: number }>(
        "INSERT INTO subscriptions (client_id, plan, amount_cents, renews_on) VALUES ($1, $2, 10000, current_date + 200) RETURNING id",
        [id, plan],
      );
      subscriptions.push(s!.id);
      await createInvoice(q, id, "posted", [{ description: plan, amount_cents: 10000 }]);
    }
    const referrals: number[] = [];
    for (const r of b.referrals) {
      const [row] = await q.query<{ id: number }>("INSERT INTO referrals (client_id, company, status) VALUES ($1, $2, $3) RETURNING id", [id, r.company, r.status]);
      referrals.push(row!.id);
    }
    return { global_id: `${b.region}:${n}`, subscriptions, referrals };
  });
  return { status: 201, body };
}
