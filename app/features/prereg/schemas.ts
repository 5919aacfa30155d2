/**
 * The pre-registration forms, shared by server and browser through conform (messages are keys of
 * the prereg namespace, or the contract's words through knownKey so both say the same). The
 * upstream checks every rule again (ADR 019).
 */
import { z } from "zod";
import { PRE_REG_KINDS, PRE_REG_LIMITS, PRE_REG_MESSAGES, REDISPLAY_OPTIONS, isPreRegEmail } from "@contract";
import { singleLine } from "~/forms/control-characters";
import { knownKey } from "~/forms/known-messages";

const id = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .refine((n) => n > 0, message);
const text = (max: number) => singleLine(z.string().trim().max(max, "prereg:validation.too_long")).optional();

/** `YYYY-MM-DDTHH:mm` as a `datetime-local` input posts it (read in the site's timezone upstream). */
export const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

export const preRegisterSchema = z
  .object({
    site_id: id("prereg:validation.site_required"),
    group_id: id("prereg:validation.group_required"),
    name: singleLine(z.string({ error: knownKey(PRE_REG_MESSAGES.nameRequired) }).trim().min(1, knownKey(PRE_REG_MESSAGES.nameRequired)).max(PRE_REG_LIMITS.name, "prereg:validation.too_long")),
    email: singleLine(
      z
        .string({ error: knownKey(PRE_REG_MESSAGES.email) })
        .trim()
        .refine((s) => isPreRegEmail(s), knownKey(PRE_REG_MESSAGES.email)),
    ),
    company: text(PRE_REG_LIMITS.company),
    host: text(PRE_REG_LIMITS.host),
    notes: z.string().trim().max(PRE_REG_LIMITS.notes, "prereg:validation.too_long").optional(),
    arrive_at: z.string({ error: knownKey(PRE_REG_MESSAGES.arrivalFuture) }).regex(LOCAL_DATE_TIME, knownKey(PRE_REG_MESSAGES.arrivalFuture)),
    locale: text(10),
    kind: z.enum(PRE_REG_KINDS).default("visit"),
    employee_id: id(knownKey(PRE_REG_MESSAGES.employeeRequired)).optional(),
    service: text(100),
    redisplay: z.enum(REDISPLAY_OPTIONS, knownKey(PRE_REG_MESSAGES.redisplayRequired)).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.kind !== "scheduled") return;
    if (!v.employee_id) ctx.addIssue({ code: "custom", path: ["employee_id"], message: knownKey(PRE_REG_MESSAGES.employeeRequired) });
    if (!v.service) ctx.addIssue({ code: "custom", path: ["service"], message: knownKey(PRE_REG_MESSAGES.serviceRequired) });
    if (!v.redisplay) ctx.addIssue({ code: "custom", path: ["redisplay"], message: knownKey(PRE_REG_MESSAGES.redisplayRequired) });
  });

/** The CSV import: where, for whom, and the file (read on the server; at most PRE_REG_LIMITS.csvBytes). */
export const importSchema = z.object({
  site_id: id("prereg:validation.site_required"),
  group_id: id("prereg:validation.group_required"),
  host: text(PRE_REG_LIMITS.host),
  file: z.instanceof(File, { message: "prereg:import.file_required" }).refine((f) => f.size > 0, "prereg:import.file_required").refine((f) => f.size <= PRE_REG_LIMITS.csvBytes, "prereg:import.too_large"),
});

/** The visitor's pre-registration form (magic link). */
export const visitorFormSchema = z.object({
  company: text(PRE_REG_LIMITS.company),
  mobile: text(40),
  message: z.string().trim().max(PRE_REG_LIMITS.message, "prereg:validation.too_long").optional(),
});

/** The visitor's change request (magic link). */
export const changeRequestSchema = z
  .object({
    change: z.enum(["change", "cancel"], knownKey(PRE_REG_MESSAGES.changeKind)),
    arrive_at: z.string().regex(LOCAL_DATE_TIME, knownKey(PRE_REG_MESSAGES.arrivalFuture)).optional(),
    message: z.string().trim().max(PRE_REG_LIMITS.message, "prereg:validation.too_long").optional(),
  })
  .superRefine((v, ctx) => {
    if (v.change === "change" && !v.arrive_at) ctx.addIssue({ code: "custom", path: ["arrive_at"], message: knownKey(PRE_REG_MESSAGES.arrivalFuture) });
  });
