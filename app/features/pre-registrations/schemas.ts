/**
 * The pre-registration forms, shared by server and browser through conform (messages are keys of
 * the prereg namespace, or the contract's words through knownKey so both say the same). The
 * upstream checks every rule again (ADR 019).
 */
import { z } from "zod";
import { PRE_REG_KINDS, PRE_REG_LIMITS, REDISPLAY_OPTIONS, isPreRegEmail } from "@contract";
import { singleLine } from "~/forms/control-characters";
import { EMAIL_RULE, rule } from "./rules";
import { LOCAL_DATE_TIME } from "./date-time";

import { postedId } from "~/forms/posted-id";
export { postedId };
const text = (max: number) => singleLine(z.string().trim().max(max, "pre-registrations:validation.too_long")).optional();


export const preRegisterSchema = z
  .object({
    site_id: postedId("pre-registrations:validation.site_required"),
    group_id: postedId("pre-registrations:validation.group_required"),
    name: singleLine(z.string({ error: rule("nameRequired") }).trim().min(1, rule("nameRequired")).max(PRE_REG_LIMITS.name, "pre-registrations:validation.too_long")),
    email: singleLine(
      z
        .string({ error: EMAIL_RULE })
        .trim()
        .refine((s) => isPreRegEmail(s), EMAIL_RULE),
    ),
    company: text(PRE_REG_LIMITS.company),
    host: text(PRE_REG_LIMITS.host),
    notes: z.string().trim().max(PRE_REG_LIMITS.notes, "pre-registrations:validation.too_long").optional(),
    arrive_at: z.string({ error: rule("arrivalFuture") }).regex(LOCAL_DATE_TIME, rule("arrivalFuture")),
    locale: text(10),
    kind: z.enum(PRE_REG_KINDS).default("visit"),
    employee_id: postedId(rule("employeeRequired")).optional(),
    service: text(100),
    redisplay: z.enum(REDISPLAY_OPTIONS, rule("redisplayRequired")).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.kind !== "scheduled") return;
    if (!v.employee_id) ctx.addIssue({ code: "custom", path: ["employee_id"], message: rule("employeeRequired") });
    if (!v.service) ctx.addIssue({ code: "custom", path: ["service"], message: rule("serviceRequired") });
    if (!v.redisplay) ctx.addIssue({ code: "custom", path: ["redisplay"], message: rule("redisplayRequired") });
  });
