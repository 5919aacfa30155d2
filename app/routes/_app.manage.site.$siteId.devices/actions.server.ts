/**
 * The devices tab's one action: connect a kiosk by the code its app shows (a wrong, used or expired
 * code is the upstream's message on the code field).
 */
import type { Device } from "@contract";
import { done, invalid, refused } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { ROW_GONE } from "~/features/manage/site-rows.server";
import { connectDeviceSchema, deviceCode } from "~/features/manage/site-extras";
import type { Viewer } from "~/session/auth.server";

export interface DevicesAction {
  request: Request;
  viewer: Viewer;
  siteId: number;
  form: FormData;
}

/** Connect a device: its code (spaces allowed) and a name. */
export async function connect({ request, viewer, siteId, form }: DevicesAction) {
  const intent = { intent: "connect" };
  const submission = parseSubmission(form, { schema: connectDeviceSchema });
  if (submission.status !== "success") return invalid(intent, submission);
  let device: Device;
  try {
    device = await viewer.api("connectDevice", { params: { siteId }, body: { code: deviceCode(submission.value.code), name: submission.value.name } });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: ["code", "name"], notFound: ROW_GONE });
  }
  return done(request, viewer, `/manage/site/${siteId}/devices`, { key: "sites:devices.connected", values: { name: device.name }, tone: "success" });
}
