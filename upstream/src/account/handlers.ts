/**
 * The account pages (ADR 023).
 * This area's handlers of the contract's routes (the whole table is assembled in ../areas.ts).
 */
import type { accountRoutes } from "../../contract/index.ts";
import type { Handlers } from "../http/contract-handlers.ts";
import { buySmsTokens, getAccountInfo, getPasswordPolicy, getSmsAccount, setAccountLogo, updateAccountInfo, updatePasswordPolicy } from "./account.ts";
import { cancelSubscriptions, getBilling, invoicePdf, updateBillingContact } from "./billing.ts";
import { chooseReferralReward, getReferrals } from "./referrals.ts";

export const accountHandlers = {
  // The account pages (account/; ADR 023).
  accountInfo: ({ app, principal }) => getAccountInfo(app, principal),
  updateAccountInfo: ({ app, principal, body }) => updateAccountInfo(app, principal, body),
  uploadAccountLogo: ({ app, principal, body }) => setAccountLogo(app, principal, body),
  deleteAccountLogo: ({ app, principal }) => setAccountLogo(app, principal, null),
  passwordPolicy: ({ app, principal }) => getPasswordPolicy(app, principal),
  updatePasswordPolicy: ({ app, principal, body }) => updatePasswordPolicy(app, principal, body),
  smsAccount: ({ app, principal }) => getSmsAccount(app, principal),
  buySmsTokens: ({ app, principal, body }) => buySmsTokens(app, principal, body),
  billing: ({ app, principal }) => getBilling(app, principal),
  updateBillingContact: ({ app, principal, body }) => updateBillingContact(app, principal, body),
  cancelSubscriptions: ({ app, principal, body }) => cancelSubscriptions(app, principal, body),
  invoicePdf: ({ app, principal, ctx }) => invoicePdf(app, principal, ctx),
  referrals: ({ app, principal }) => getReferrals(app, principal),
  chooseReferralReward: ({ app, principal, ctx, body }) => chooseReferralReward(app, principal, ctx.params.referralId, body),
} satisfies Handlers<keyof typeof accountRoutes>;
