/**
 * My profile's forms (platform §5; ADR 020), shared by the browser (conform) and the server: one's
 * name, the password change (the current one, the new one meeting the strength rule, its confirmation: the
 * sign-in's own messages), a two-factor code, the language, the notification preferences.
 */
import { z } from "zod";
import { PROFILE_LOCALES, USER_LIMITS } from "@contract";
import { singleLine } from "~/forms/control-characters";
import { isStrongPassword } from "~/features/auth/password-rules";

export const passwordSchema = z
  .object({
    current_password: z.string({ error: "users:profile.validation.current_required" }).min(1, "users:profile.validation.current_required").max(1024, "auth:validation.password_too_long"),
    password: z
      .string({ error: "auth:validation.new_password_required" })
      .min(1, "auth:validation.new_password_required")
      .max(1024, "auth:validation.password_too_long")
      .refine(isStrongPassword, "auth:validation.password_strength"),
    password_confirmation: z.string({ error: "auth:validation.confirmation_required" }).min(1, "auth:validation.confirmation_required").max(1024, "auth:validation.password_too_long"),
  })
  .refine((v) => v.password === v.password_confirmation, { path: ["password_confirmation"], message: "auth:validation.confirmation_mismatch" });

export const codeSchema = z.object({
  code: z.string({ error: "auth:validation.code_required" }).trim().min(1, "auth:validation.code_required").regex(/^\d{6}$/, "auth:validation.code_format"),
});

/** One's own name: the account's, in every organisation (issue 24: the person changes it). */
export const nameSchema = z.object({
  name: singleLine(z.string({ error: "users:errors.nameRequired" }).trim().min(1, "users:errors.nameRequired").max(USER_LIMITS.name, "common:validation.too_long")),
});

export const languageSchema = z.object({ locale: z.enum(PROFILE_LOCALES, { error: "users:profile.errors.locale" }) });

const check = z.boolean({ error: "common:fields.invalid_choice" }).optional();
export const notificationsSchema = z.object({
  device_alerts: check,
  evacuation_started: check,
  evacuation_completed: check,
  pre_registration_arrived: check,
});
