/**
 * The features tab's action: save the kiosk's features, the geofence with the site's location, the
 * on-site reports (the rows kept: not empty, not ticked "remove"), whether an empty report is sent,
 * and the notice emails, together (PATCH sites/{id}). The upstream's messages go on the form's
 * fields: `location.*` on the coordinates and radius, `on_site_report_schedules.N.*` on the row the
 * N-th kept report came from.
 */
import { done, invalid, refused } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { FEATURE_FLAGS, featuresSchema, keptSchedules, normaliseEmails } from "~/features/manage/site-tabs";
import type { SiteTabAction } from "~/features/manage/sites.server";

/** The map zoom a new location gets (the contract's default). */
const DEFAULT_ZOOM = 16;

/** The form's fields the upstream names as they are. */
const SAME_NAMES: readonly string[] = [...FEATURE_FLAGS, "send_empty", "emails"];
const LOCATION = ["lat", "lng", "radius"];

/** The form's field for an upstream field, given the reports kept (null: on the form). */
const fieldFor = (kept: ReturnType<typeof keptSchedules>) => (field: string) => {
  const report = /^on_site_report_schedules\.(\d+)\.(time|emails)$/.exec(field);
  if (report) {
    const row = kept[Number(report[1])];
    return row ? `schedules[${row.row}].${report[2]}` : null;
  }
  const located = field.startsWith("location.") ? field.slice("location.".length) : null;
  if (located !== null) return LOCATION.includes(located) ? located : null;
  return SAME_NAMES.includes(field) ? field : null;
};

/** Save the tab's one form. */
export async function save({ request, viewer, site, form }: SiteTabAction) {
  const intent = { intent: "save" };
  const submission = parseSubmission(form, { schema: featuresSchema });
  if (submission.status !== "success") return invalid(intent, submission);
  const v = submission.value;
  const kept = keptSchedules(v);
  const located = Boolean(v.lat && v.lng && v.radius);
  try {
    await viewer.api("updateSite", {
      params: { siteId: site.id },
      body: {
        ...(Object.fromEntries(FEATURE_FLAGS.map((f) => [f, v[f] ?? false])) as Record<(typeof FEATURE_FLAGS)[number], boolean>),
        location: located ? { lat: Number(v.lat), lng: Number(v.lng), radius: Number(v.radius), zoom: site.location?.zoom ?? DEFAULT_ZOOM } : null,
        on_site_report_schedules: kept.map(({ time, emails }) => ({ time, emails })),
        send_empty: v.send_empty ?? false,
        emails: v.emails ? normaliseEmails(v.emails) : null,
      },
    });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: fieldFor(kept) });
  }
  return done(request, viewer, `/manage/site/${site.id}/features`, { key: "sites:features.saved", values: { name: site.name }, tone: "success" });
}
