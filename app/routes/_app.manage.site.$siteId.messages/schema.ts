/**
 * The messages tab's form, shared by server and browser through conform (groups spec §3, §5):
 * title, content and an icon character required, the checkbox label unless the message is only
 * read, the chosen groups at least one — the contract's own rules (`messageProblems`), in the
 * user's language. Messages are translation keys (namespace "manage").
 */
import { z } from "zod";
import { singleLine } from "~/forms/control-characters";
import { CHECKBOX_LABEL_KEY, RECIPIENTS_KEY } from "~/forms/area-keys";
import { MESSAGE_ACTIONS, MESSAGE_REDISPLAY, type MessageAction, messageProblems } from "@contract";

export { MESSAGE_ACTIONS };

const ID = /^\d{1,9}$/;
const TOO_LONG = "common:validation.too_long";
const INVALID = "common:fields.invalid_choice";

/** Redisplay choices in the order the spec lists them (groups spec §9). */
export const REDISPLAY_ORDER = ["12_hours", "1_day", "3_days", "5_days", "1_week", "1_month", "3_months", "6_months", "1_year", "when_updated", "every_time"] as const satisfies readonly (typeof MESSAGE_REDISPLAY)[number][];

const segmenter = typeof Intl !== "undefined" && "Segmenter" in Intl ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null;
const graphemes = (s: string) => (segmenter ? [...segmenter.segment(s)].length : [...s].length);

/** Who sees a message: every group, or only the groups ticked (a radio, so it works without JavaScript). */
export const MESSAGE_RECIPIENTS = ["every", "chosen"] as const;

const messageForm = z.object({
  icon: z
    .string({ error: "sites:messages.validation.icon_required" })
    .trim()
    .min(1, "sites:messages.validation.icon_required")
    .max(16, "sites:messages.validation.icon_single")
    .refine((s) => graphemes(s) === 1, "sites:messages.validation.icon_single"),
  title: singleLine(z.string({ error: "sites:messages.validation.title_required" }).trim().min(1, "sites:messages.validation.title_required").max(100, TOO_LONG)),
  content: z.string({ error: "sites:messages.validation.content_required" }).trim().min(1, "sites:messages.validation.content_required").max(10_000, TOO_LONG),
  /** Absent (an old form, a hand-made post): acknowledge, as before actions existed. */
  action: z.enum(MESSAGE_ACTIONS, { error: INVALID }).default("acknowledge"),
  /** Required unless the action is `read` (the rule below). */
  checkbox_label: singleLine(z.string({ error: INVALID }).trim().max(200, TOO_LONG)).optional(),
  redisplay: z.enum(MESSAGE_REDISPLAY, { error: INVALID }),
  recipients: z.enum(MESSAGE_RECIPIENTS, { error: INVALID }).default("every"),
  /** The groups ticked; used when `recipients` is "chosen". */
  recipient_group_ids: z.array(z.string().regex(ID, INVALID), { error: INVALID }).max(200, TOO_LONG).optional(),
});
export type MessageForm = z.infer<typeof messageForm>;

/** The form's field names (a message about any other goes on the form itself). */
export const MESSAGE_FIELDS = ["icon", "title", "content", "action", "checkbox_label", "redisplay", "recipients", "recipient_group_ids"] as const;

/** The action, label and recipients as the contract has them (what the form's other fields are is not needed). */
export function toMessageDetails(v: Partial<Pick<MessageForm, "action" | "checkbox_label" | "recipients" | "recipient_group_ids">>): {
  action: MessageAction;
  checkbox_label: string | null;
  recipient_group_ids: number[] | null;
} {
  const action = (MESSAGE_ACTIONS as readonly string[]).includes(v.action ?? "") ? (v.action as MessageAction) : "acknowledge";
  return {
    action,
    checkbox_label: action === "read" || !v.checkbox_label ? null : v.checkbox_label,
    recipient_group_ids: v.recipients === "chosen" ? [...new Set((Array.isArray(v.recipient_group_ids) ? v.recipient_group_ids : []).map(Number))] : null,
  };
}

/**
 * Add or edit a message. The contract's rules (`messageProblems`) run even when another field is
 * missing, so an empty form says everything that is required at once.
 */
export const messageSchema = messageForm
  .refine((v) => !messageProblems(toMessageDetails(v)).checkbox_label, { path: ["checkbox_label"], message: CHECKBOX_LABEL_KEY, when: () => true })
  .refine((v) => !messageProblems(toMessageDetails(v)).recipient_group_ids, { path: ["recipient_group_ids"], message: RECIPIENTS_KEY, when: () => true });
