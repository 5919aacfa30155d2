/**
 * The information page's actions, one handler per intent: save the information, upload the logo
 * (multipart; the upstream judges the content, its 413 says the rule), remove the logo.
 */
import { done, invalid, refused } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { UPLOAD_RULES, uploadSchema } from "~/features/manage/media-schemas";
import type { AccountAction } from "~/features/account/account.server";
import { INFO_FIELDS, infoSchema } from "./schema";

const PATH = "/manage/account/info";

export async function save({ request, viewer, form }: AccountAction) {
  const intent = { intent: "save" };
  const submission = parseSubmission(form, { schema: infoSchema });
  if (submission.status !== "success") return invalid(intent, submission);
  const v = submission.value;
  try {
    await viewer.api("updateAccountInfo", {
      body: { name: v.name, country: v.country, address: v.address || null, phone: v.phone || null, default_locale: v.default_locale ?? null, default_timezone: v.default_timezone || null },
    });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: INFO_FIELDS });
  }
  return done(request, viewer, PATH, { key: "account:info.saved", tone: "success" });
}

export async function uploadLogo({ request, viewer, form }: AccountAction) {
  const intent = { intent: "upload-logo" };
  const submission = parseSubmission(form, { schema: uploadSchema("image") });
  if (submission.status !== "success") return invalid(intent, submission);
  const file = submission.value.file as File;
  try {
    await viewer.api("uploadAccountLogo", { file: { name: file.name, type: file.type, data: file } });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: ["file"], file: { field: "file", tooLarge: UPLOAD_RULES.image.tooLarge } });
  }
  return done(request, viewer, PATH, { key: "account:info.logo_saved", tone: "success" });
}

export async function removeLogo({ request, viewer }: AccountAction) {
  try {
    await viewer.api("deleteAccountLogo", {});
  } catch (err) {
    return refused(err, { intent: "remove-logo" });
  }
  return done(request, viewer, PATH, { key: "account:info.logo_removed", tone: "success" });
}
