/**
 * A device's page's actions, one handler per intent: rename it, disconnect it. The upstream decides
 * whether the device is this site's (another site's device is a 404: "no longer there").
 */
import type { Device } from "@contract";
import { done, invalid, refused } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { ROW_GONE } from "~/features/manage/site-rows.server";
import { renameDeviceSchema } from "~/features/manage/site-extras";
import type { Viewer } from "~/session/auth.server";

export interface DeviceAction {
  request: Request;
  viewer: Viewer;
  siteId: number;
  deviceId: number;
  form: FormData;
}

const list = (siteId: number) => `/manage/site/${siteId}/devices`;

/** Disconnect the device (its token stops working); back to the list. */
export async function disconnect({ request, viewer, siteId, deviceId }: DeviceAction) {
  let device: Device;
  try {
    // Its name for the notice, and a 404 for a device that is not this site's.
    device = await viewer.api("device", { params: { siteId, deviceId } });
    await viewer.api("deleteDevice", { params: { siteId, deviceId } });
  } catch (err) {
    return refused(err, { intent: "disconnect", row: deviceId, notFound: ROW_GONE });
  }
  return done(request, viewer, list(siteId), { key: "sites:devices.disconnected", values: { name: device.name }, tone: "success" });
}

/** Rename the device. */
export async function rename({ request, viewer, siteId, deviceId, form }: DeviceAction) {
  const intent = { intent: "rename", row: deviceId };
  const submission = parseSubmission(form, { schema: renameDeviceSchema });
  if (submission.status !== "success") return invalid(intent, submission);
  try {
    await viewer.api("updateDevice", { params: { siteId, deviceId }, body: { name: submission.value.name } });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: ["name"], notFound: ROW_GONE });
  }
  return done(request, viewer, `${list(siteId)}/${deviceId}`, { key: "sites:devices.renamed", values: { name: submission.value.name }, tone: "success" });
}
