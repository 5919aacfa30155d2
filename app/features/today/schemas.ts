/**
 * Validation of the Today view's forms, shared by server and browser through conform. Messages
 * are translation keys (namespace "today"). Groups spec §5: "Signing in needs a group member
 * selected" for returning groups; visitors and deliveries need a name. A sign-out-first group's
 * members are not signed in but leave (`intent` "depart", ADR 015), and only they leave.
 */
import { z } from "zod";
import { singleLine } from "~/forms/control-characters";

export interface SignInGroup {
  id: number;
  type: "standard" | "returning" | "delivery";
  /** The group signs out first (the upstream's rule): its members leave, they are not signed in. */
  sign_out_first: boolean;
  members: { id: number }[];
}

/** The one other intent the sign-in form posts (its "Sign out (leaving)" button). */
export const DEPART_INTENT = "depart";

const id = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .refine((n) => n > 0, message);

const text = (max: number, message: string) => singleLine(z.string().trim().max(max, message)).optional();

/**
 * `departing`: what the browser knows it is doing (the chosen group signs out first), so checking
 * again as the user types (without the button that was pressed) reads the same; the server leaves
 * it out and reads the posted `intent`.
 */
export function signInSchema(groups: SignInGroup[], departing?: boolean) {
  return z
    .object({
      siteId: id("today:validation.site_changed"),
      group_id: id("today:validation.group_required"),
      member_id: id("today:validation.member_required").optional(),
      name: text(100, "today:validation.too_long"),
      company: text(100, "today:validation.too_long"),
      host: text(100, "today:validation.too_long"),
      intent: z.literal(DEPART_INTENT).optional(),
    })
    .superRefine((v, ctx) => {
      const group = groups.find((g) => g.id === v.group_id);
      if (!group) {
        ctx.addIssue({ code: "custom", path: ["group_id"], message: "today:validation.group_required" });
        return;
      }
      const depart = departing ?? v.intent === DEPART_INTENT;
      if (depart || group.sign_out_first) {
        if (!group.sign_out_first) ctx.addIssue({ code: "custom", path: ["group_id"], message: "today:sign_out_first.validation.not_sign_out_first" });
        else if (!depart) ctx.addIssue({ code: "custom", path: ["group_id"], message: "today:sign_out_first.validation.use_depart" });
        else if (!v.member_id || !group.members.some((m) => m.id === v.member_id)) {
          ctx.addIssue({ code: "custom", path: ["member_id"], message: "today:sign_out_first.validation.member_required" });
        }
      } else if (group.type === "returning") {
        if (!v.member_id || !group.members.some((m) => m.id === v.member_id)) {
          ctx.addIssue({ code: "custom", path: ["member_id"], message: "today:validation.member_required" });
        }
      } else if (!v.name) {
        ctx.addIssue({ code: "custom", path: ["name"], message: "today:validation.name_required" });
      }
    });
}

export const SignOutAllSchema = z.object({
  siteId: id("today:validation.site_changed"),
  group_id: id("today:validation.group_required").optional(),
});
