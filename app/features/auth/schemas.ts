/**
 * Validation for the sign-in forms, shared by server and browser through conform. Messages are
 * translation keys (namespace "auth"), rendered with t() by the form.
 *
 * The browser does not run these (zod is ~50 KB gzipped, ADR 010): it runs `./validate`, which
 * tests/unit/auth-validate.test.ts holds to the same errors as these schemas.
 */
import { z } from "zod";

import { isStrongPassword } from "./password-rules";

export { PASSWORD_RULES, isStrongPassword } from "./password-rules";

const email = z
  .string({ error: "auth:validation.email_required" })
  .trim()
  .min(1, "auth:validation.email_required")
  .max(254, "auth:validation.email_invalid")
  .pipe(z.email("auth:validation.email_invalid").max(254, "auth:validation.email_invalid"));

const code = (field: string) =>
  z
    .string({ error: `auth:validation.${field}_required` })
    .trim()
    .min(1, `auth:validation.${field}_required`)
    .regex(/^\d{6}$/, "auth:validation.code_format");

const newPassword = z
  .string({ error: "auth:validation.new_password_required" })
  .min(1, "auth:validation.new_password_required")
  .max(1024, "auth:validation.password_too_long")
  .refine(isStrongPassword, "auth:validation.password_strength");

export const RequestEmailSchema = z.object({ email });
export const PasswordSchema = z.object({
  password: z.string({ error: "auth:validation.password_required" }).min(1, "auth:validation.password_required").max(1024, "auth:validation.password_too_long"),
});
export const OneTimePasswordSchema = z.object({ oneTimePassword: code("code") });
export const TwoFactorSetupSchema = z.object({
  twoFactorAuthSecret: z.string().min(1).max(128),
  twoFactorAuthCode: code("code"),
});
export const PasswordExpiredSchema = z
  .object({
    newPassword,
    newPasswordConfirmation: z.string({ error: "auth:validation.confirmation_required" }).min(1, "auth:validation.confirmation_required"),
  })
  .refine((v) => v.newPassword === v.newPasswordConfirmation, {
    path: ["newPasswordConfirmation"],
    message: "auth:validation.confirmation_mismatch",
  });
export const AcceptTermsSchema = z.object({
  acceptedTerms: z.literal("on", { error: "auth:validation.terms_required" }),
});

export const STEP_SCHEMAS = {
  request_email: RequestEmailSchema,
  password: PasswordSchema,
  one_time_password: OneTimePasswordSchema,
  two_factor_setup: TwoFactorSetupSchema,
  password_expired: PasswordExpiredSchema,
  accept_terms: AcceptTermsSchema,
} as const;

export const ForgotSchema = z.object({ email });
export const ResetSchema = z
  .object({
    email,
    password: newPassword,
    password_confirmation: z.string({ error: "auth:validation.confirmation_required" }).min(1, "auth:validation.confirmation_required"),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ["password_confirmation"],
    message: "auth:validation.confirmation_mismatch",
  });
