/**
 * The details tab's actions, one handler per intent (the route's action is `siteTabAction`):
 * save the details, delete the site. Each parses its form with the schema the browser uses,
 * answers a refusal with `refused` (the one mapping of upstream refusals) and succeeds with `done`.
 */
import type { SiteDetails } from "@contract";
import { done, invalid, refused } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { instantAt } from "~/features/manage/local-time";
import { typedNameSchema } from "~/forms/typed-name";
import { siteDetailsSchema } from "~/features/manage/schemas";
import { kindOf, type SiteTabAction } from "~/features/manage/sites.server";

export const FIELDS = ["name", "address", "reply_to_name", "reply_to_email", "timezone", "locale", "active_from", "active_until"] as const;
export type DetailsValues = Record<(typeof FIELDS)[number], string | undefined>;

const path = (site: SiteDetails) => `/manage/site/${site.id}/details`;

/** Save the details (an event's dates only while it has not begun, in the site's zone). */
export async function save({ request, viewer, site, form }: SiteTabAction) {
  const intent = { intent: "save" };
  const event = site.type === "event";
  const submission = parseSubmission(form, { schema: siteDetailsSchema(event, site.dates_locked) });
  if (submission.status !== "success") return invalid(intent, submission);
  const v = submission.value as DetailsValues;
  try {
    await viewer.api("updateSite", {
      params: { siteId: site.id },
      body: {
        name: v.name!,
        address: v.address ?? null,
        reply_to_name: v.reply_to_name ?? null,
        reply_to_email: v.reply_to_email!,
        timezone: v.timezone!,
        locale: v.locale as never,
        ...(event && !site.dates_locked ? { active_from: instantAt(v.active_from!, v.timezone!), active_until: instantAt(v.active_until!, v.timezone!) } : {}),
      },
    });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: FIELDS });
  }
  return done(request, viewer, path(site), { key: "sites:details.saved", values: { name: v.name! }, tone: "success" });
}

/** Delete the site, once its name is typed exactly; then back to the overview of its kind. */
export async function remove({ request, viewer, site, form }: SiteTabAction) {
  const intent = { intent: "delete" };
  const submission = parseSubmission(form, { schema: typedNameSchema(site.name) });
  if (submission.status !== "success") return invalid(intent, submission);
  try {
    await viewer.api("deleteSite", { params: { siteId: site.id }, body: { name: site.name } });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: ["confirm"] });
  }
  return done(request, viewer, `/manage/overview/${kindOf(site.type)}`, { key: "sites:details.deleted", values: { name: site.name }, tone: "success" });
}
