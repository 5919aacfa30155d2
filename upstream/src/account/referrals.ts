/**
 * Referrals (platform §4, §9; ADR 023), for Referral.manager: the client's referral link (a code
 * of its own, made on first read), the companies it referred (on a trial, or purchased), and the
 * reward of each purchased one — 50 GBP, 60 EUR or 60 USD by the client's currency — taken as a
 * donation or a discount.
 */
import { randomBytes } from "node:crypto";
import type { Referrals } from "../../contract/index.ts";
import { ACCOUNT_REFUSALS, currencyOf, REFERRAL_REWARDS } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { one, type Queryable } from "../db/index.ts";
import { notFound } from "../http/errors.ts";
import type { Principal } from "../clients/regional.ts";
import { parseId } from "../sites/manage.ts";
import { requireAccountRight } from "./account.ts";
import { countryOf } from "./rules.ts";
import { checkReward } from "./rules.ts";

/** The client's referral code, made once. */
async function referralCode(q: Queryable, clientId: number): Promise<string> {
  const row = await one<{ referral_code: string | null }>(q, "SELECT referral_code FROM clients WHERE id = $1", [clientId]);
  if (row?.referral_code) return row.referral_code;
  const code = randomBytes(6).toString("base64url");
  const [set] = await q.query<{ referral_code: string }>(
    "UPDATE clients SET referral_code = coalesce(referral_code, $2) WHERE id = $1 RETURNING referral_code",
    [clientId, code],
  );
  return set!.referral_code;
}

async function referralsOf(app: App, q: Queryable, clientId: number): Promise<Referrals> {
  const c = (await one<{ settings: { country?: string } }>(q, "SELECT settings FROM clients WHERE id = $1", [clientId]))!;
  const currency = currencyOf(countryOf(c.settings));
  const referrals = await q.query<Referrals["referrals"][number]>(
    "SELECT id, company, status, reward, to_char(referred_on, 'YYYY-MM-DD') AS referred_on FROM referrals WHERE client_id = $1 ORDER BY referred_on DESC, id DESC",
    [clientId],
  );
  return { link: `${app.opts.portalUrl}/login?ref=${await referralCode(q, clientId)}`, currency, reward_amount: REFERRAL_REWARDS[currency], referrals };
}

export async function getReferrals(app: App, p: Principal): Promise<Referrals> {
  requireAccountRight(p, "Referral.manager");
  return referralsOf(app, app.db, p.client.id);
}

export async function chooseReferralReward(app: App, p: Principal, idParam: string, body: { reward: string }): Promise<Referrals> {
  requireAccountRight(p, "Referral.manager");
  const id = parseId(idParam);
  return app.db.tx(async (q) => {
    const row = Number.isNaN(id) ? undefined : await one<{ status: string }>(q, "SELECT status FROM referrals WHERE id = $1 AND client_id = $2 FOR UPDATE", [id, p.client.id]);
    if (!row) throw notFound(ACCOUNT_REFUSALS.referralGone);
    const reward = checkReward(body.reward, row.status);
    await q.query("UPDATE referrals SET reward = $2 WHERE id = $1", [id, reward]);
    return referralsOf(app, q, p.client.id);
  });
}
