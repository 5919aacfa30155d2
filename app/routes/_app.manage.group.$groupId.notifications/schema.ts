/** The Slack channel form of a group's notifications tab, shared by the browser and the server (messages are translation keys). */
import { z } from "zod";
import { singleLine } from "~/forms/control-characters";

const CHANNEL = "groups:slack.validation.channel";

export const channelSchema = z.object({
  channel_id: singleLine(z.string({ error: CHANNEL }).trim().min(1, CHANNEL).max(50, "common:validation.too_long")),
});
