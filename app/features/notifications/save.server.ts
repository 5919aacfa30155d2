/**
 * Saving a notification, for the new and edit pages (ADR 028): parse → invalid | upstream →
 * refused | done. "Add another filter" without JavaScript posts conform's insert intent: the form
 * comes back (200) with one more row, nothing saved. A webhook secret generated now is answered
 * once, on the page (`{ secret }`, never through the session); otherwise PRG to the list.
 * The upstream failing (5xx, unreachable) says "Failed to create/update the notification. Please
 * try again." on the form (groups spec §8), keeping what was typed.
 */
import { data } from "@remix-run/node";
import { requireIntent } from "~/forms/intents.server";
import { requireEdit, type Access } from "~/access/guard.server";
import { answer, done, invalid, refused } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { NOTIFICATION_NOT_FOUND } from "./notifications.server";
import { NOTIFICATIONS_PATH, notificationPath } from "./paths";
import { formFieldOf, notificationRequest, notificationSchema } from "./schema";
import type { SecretShown } from "./secret-panel";


export async function saveNotification({ request, access, form, id }: { request: Request; access: Access; form: FormData; id: number | null }) {
  requireEdit(access);
  const intent = requireIntent(form, id === null ? "create" : "update");
  const submission = parseSubmission(form, { schema: notificationSchema });
  if (submission.status === undefined) return answer(intent, { result: submission.reply() }, 200);
  if (submission.status !== "success") return invalid(intent, submission);
  const body = notificationRequest(submission.value, id === null ? (submission.value.enabled ?? false) : undefined);
  let saved;
  try {
    saved =
      id === null
        ? await access.viewer.api("createNotification", { body })
        : await access.viewer.api("updateNotification", { params: { notificationId: id }, body });
  } catch (err) {
    return refused(err, {
      ...intent,
      submission,
      fields: formFieldOf(submission.value.channel),
      notFound: NOTIFICATION_NOT_FOUND,
      upstreamFailed: id === null ? "notifications:errors.failedCreate" : "notifications:errors.failedUpdate",
    });
  }
  if (saved.secret) return data<SecretShown>({ intent: "secret", id: saved.id, secret: saved.secret }, { headers: { "Cache-Control": "no-store" } });
  return done(request, access.viewer, id === null ? NOTIFICATIONS_PATH : notificationPath(id), {
    key: id === null ? "notifications:form.created" : "notifications:form.updated",
    tone: "success",
  });
}
