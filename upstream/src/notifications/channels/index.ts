/** Each channel's sender (groups spec §3: email, Slack, SMS, phone call, Microsoft Teams, webhook). */
import { sendEmail } from "./email.ts";
import { sendPhoneCall, sendSms } from "./sms.ts";
import { sendSlack } from "./slack.ts";
import { sendTeams } from "./teams.ts";
import type { Channel, NotificationRow } from "./types.ts";
import { sendWebhook } from "./webhook.ts";

export const CHANNELS: Record<NotificationRow["channel"], Channel> = {
  email: sendEmail,
  sms: sendSms,
  phone: sendPhoneCall,
  slack: sendSlack,
  teams: sendTeams,
  webhook: sendWebhook,
};
