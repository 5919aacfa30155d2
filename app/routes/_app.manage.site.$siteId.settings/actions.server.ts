/** The settings tab's one action: save the site's kiosk settings. */
import type { SiteDetails } from "@contract";
import { done, invalid, refused } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { ROW_GONE } from "~/features/manage/site-rows.server";
import { siteSettingsSchema } from "~/features/manage/site-extras";
import type { Viewer } from "~/session/auth.server";

export const FIELDS = ["auto_sign_out_at", "kiosk_idle_timeout", "language_selection", "require_host"] as const;

/** Save the settings: sign everyone out at (or never), the idle timeout, the language choice, the host rule. */
export async function save({ request, viewer, site, form }: { request: Request; viewer: Viewer; site: SiteDetails; form: FormData }) {
  const intent = { intent: "save" };
  const submission = parseSubmission(form, { schema: siteSettingsSchema });
  if (submission.status !== "success") return invalid(intent, submission);
  const v = submission.value;
  try {
    await viewer.api("updateSiteSettings", {
      params: { siteId: site.id },
      body: {
        auto_sign_out_at: v.auto_sign_out_at ?? null,
        kiosk_idle_timeout: v.kiosk_idle_timeout,
        language_selection: v.language_selection === true,
        require_host: v.require_host === true,
      },
    });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: FIELDS, notFound: ROW_GONE });
  }
  return done(request, viewer, `/manage/site/${site.id}/settings`, { key: "sites:settings.saved", values: { name: site.name }, tone: "success" });
}
