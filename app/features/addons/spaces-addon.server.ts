/**
 * The Spaces add-on pages, server side (issue 26 item 8; ADR 036 "The Spaces add-on"): what both
 * pages show (the add-on's state from GET addons/spaces, shaped for the page: price, days left,
 * the trial's last day, the sites with Spaces on or off) and their actions, one per intent: start
 * the trial (discover page only) and turn Spaces on or off at a site. Every change is a non-GET
 * call, so the session's cached config is dropped by the upstream client (config-cache.server.ts):
 * the next page's access rules see Spaces on (`spacesEnabled`, `anySiteHasSpace`).
 */
import { ADDON_TRIAL_DAYS, type SpacesAddon } from "@contract";
import { requireAccess, requireEdit, type Access } from "~/access/guard.server";
import { opensScreen, outcomeFor } from "~/access/outcome";
import { money, day } from "~/features/account/account.server";
import { answerNotice, done, invalid, refused } from "~/forms/action-result.server";
import { dispatch } from "~/forms/intents.server";
import { parseSubmission } from "~/forms/submission";
import type { Locale } from "~/i18n/config";
import { upstreamLoad } from "~/upstream/load.server";
import { siteSwitchSchema, startTrialSchema } from "./spaces-schema";

export const DISCOVER_PATH = "/manage/addons/discover/spaces";
export const ADDON_PATH = "/manage/addons/spaces";

/** The add-on as the pages show it. */
export function addonView(a: SpacesAddon, locale: Locale, access: Access) {
  return {
    state: a.state,
    enabled: a.enabled,
    price: money(a.price.cents_per_site_per_year, a.price.currency, locale),
    trialDays: a.trial_days,
    trial: a.trial ? { daysLeft: a.trial.days_left, lastDay: day(a.trial.last_day, locale), started: day(a.trial.started_at.slice(0, 10), locale) } : null,
    sites: a.sites.map((s) => ({ id: s.id, name: s.name, on: s.spaces_enabled, hasSpace: s.space_exists })),
    // Whether the designer and the bookings open for this user (the access table's rules, as they
    // stand now). The designer by its rule alone: its page is issue 26's designer (ADR 036).
    links: { designer: outcomeFor("/manage/spaces/1", access.ctx).kind === "view", bookings: opensScreen("/spaces", access.ctx) },
  };
}
export type AddonView = ReturnType<typeof addonView>;

export async function loadAddon(access: Access, locale: Locale): Promise<AddonView> {
  return addonView(await upstreamLoad(access.viewer.api("spacesAddon")), locale, access);
}

interface AddonAction {
  request: Request;
  access: Access;
  form: FormData;
}

async function start({ request, access, form }: AddonAction) {
  const intent = { intent: "start" };
  const submission = parseSubmission(form, { schema: startTrialSchema });
  if (submission.status !== "success") return invalid(intent, submission, ["site_ids"]);
  const { site_ids } = submission.value;
  try {
    await access.viewer.api("startSpacesTrial", { body: { site_ids } });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: ["site_ids"] });
  }
  // Straight to the designer of the first chosen site: a trial starts with drawing the spaces.
  return done(request, access.viewer, `/manage/spaces/${site_ids[0]}`, { key: "addons:spaces.started", values: { days: ADDON_TRIAL_DAYS }, tone: "success" });
}

async function site({ request, access, form }: AddonAction) {
  const submission = parseSubmission(form, { schema: siteSwitchSchema });
  // The switch is a button with hidden fields: a refused post says why at the top of the page.
  if (submission.status !== "success") return answerNotice({ intent: "site" }, Object.values(submission.error ?? {}).flat()[0] ?? "common:fields.invalid_choice", 400);
  const { site_id, enabled } = submission.value;
  const intent = { intent: "site", row: site_id };
  let after: SpacesAddon;
  try {
    after = await access.viewer.api("setSpacesAtSite", { params: { siteId: String(site_id) }, body: { enabled: enabled === "on" } });
  } catch (err) {
    return refused(err, { ...intent, notFound: "addons:spaces.site_gone" });
  }
  // Back to the add-on's page as it now is: once a site has a space that is /manage/addons/spaces,
  // before, the discover page (platform §2's two rules; the config is read afresh after this change).
  const to = after.sites.some((s) => s.space_exists) ? ADDON_PATH : DISCOVER_PATH;
  return done(request, access.viewer, to, { key: enabled === "on" ? "addons:spaces.site_on" : "addons:spaces.site_off", tone: "success" });
}

/** The pages' action: the edit rule of the page, then the posted intent's handler (`start` only where offered). */
export async function addonAction(request: Request, intents: readonly ("start" | "site")[]) {
  const access = await requireAccess(request);
  requireEdit(access);
  const form = await request.formData();
  const all = { start, site };
  const table = Object.fromEntries(intents.map((i) => [i, all[i]])) as Partial<typeof all>;
  return dispatch(form, table as typeof all, { request, access, form });
}
