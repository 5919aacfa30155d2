/**
 * The visitor's magic-link forms (ADR 019), shared by server and browser through conform; apart
 * from the pre-register form so neither page carries the other's schemas.
 */
import { z } from "zod";
import { PRE_REG_LIMITS } from "@contract";
import { singleLine } from "~/forms/control-characters";
import { rule } from "./rules";
import { LOCAL_DATE_TIME } from "./date-time";

const text = (max: number) => singleLine(z.string().trim().max(max, "pre-registrations:validation.too_long")).optional();

/** The visitor's pre-registration form (magic link). */
export const visitorFormSchema = z.object({
  company: text(PRE_REG_LIMITS.company),
  mobile: text(40),
  message: z.string().trim().max(PRE_REG_LIMITS.message, "pre-registrations:validation.too_long").optional(),
  /** A document (checked in the browser for its size; the upstream judges its content). */
  file: z
    .any()
    .optional()
    .superRefine((value, ctx) => {
      if (typeof File !== "undefined" && value instanceof File && value.size > PRE_REG_LIMITS.documentBytes) ctx.addIssue({ code: "custom", message: "pre-registrations:magic.document_rules" });
    }),
});

/** The kinds a visitor's document may be: a PDF or an image. */
export const DOCUMENT_ACCEPT = ".pdf,application/pdf,image/png,image/jpeg,image/gif,image/webp";

/** The visitor's change request (magic link). */
export const changeRequestSchema = z
  .object({
    change: z.enum(["change", "cancel"], rule("changeKind")),
    arrive_at: z.string().regex(LOCAL_DATE_TIME, rule("arrivalFuture")).optional(),
    message: z.string().trim().max(PRE_REG_LIMITS.message, "pre-registrations:validation.too_long").optional(),
  })
  .superRefine((v, ctx) => {
    if (v.change === "change" && !v.arrive_at) ctx.addIssue({ code: "custom", path: ["arrive_at"], message: rule("arrivalFuture") });
  });
