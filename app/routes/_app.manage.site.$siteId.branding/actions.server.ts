/**
 * The branding tab's actions, one handler per intent: upload the branding image or the welcome video
 * (the upstream judges the content: its 422 shows on the file field, its 413 says the rule), remove
 * either. Each answers a refusal with `refused` (the one mapping of upstream refusals) and succeeds
 * with `done`.
 */
import type { SiteDetails } from "@contract";
import { done, invalid, refused } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { UPLOAD_RULES, uploadSchema } from "~/features/manage/media-schemas";
import type { SiteTabAction } from "~/features/manage/sites.server";

/** What the tab holds: the branding image and the welcome video. */
export type BrandingKind = "image" | "video";

const path = (site: SiteDetails) => `/manage/site/${site.id}/branding`;

/** Upload the branding image or the welcome video (replacing the one stored). */
export async function upload({ request, viewer, site, form }: SiteTabAction, kind: BrandingKind) {
  const intent = { intent: `upload-${kind}` };
  const submission = parseSubmission(form, { schema: uploadSchema(kind) });
  if (submission.status !== "success") return invalid(intent, submission);
  const file = submission.value.file as File;
  try {
    await viewer.api(kind === "image" ? "uploadBrandingImage" : "uploadWelcomeVideo", {
      params: { siteId: site.id },
      file: { name: file.name, type: file.type, data: file },
    });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: ["file"], file: { field: "file", tooLarge: UPLOAD_RULES[kind].tooLarge } });
  }
  return done(request, viewer, path(site), { key: `sites:branding.${kind}_saved`, values: { name: site.name }, tone: "success" });
}

/** Remove the branding image or the welcome video. */
export async function remove({ request, viewer, site }: SiteTabAction, kind: BrandingKind) {
  try {
    await viewer.api(kind === "image" ? "deleteBrandingImage" : "deleteWelcomeVideo", { params: { siteId: site.id } });
  } catch (err) {
    return refused(err, { intent: `remove-${kind}` });
  }
  return done(request, viewer, path(site), { key: `sites:branding.${kind}_removed`, values: { name: site.name }, tone: "success" });
}
