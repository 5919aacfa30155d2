/**
 * The visitor's own pre-registration through a form link (ADR 030), shared by server and browser:
 * name, email, one of the form's sites and groups, the arrival (a local date and time at the site).
 * The messages are the pre-registration's (the contract's words through the prereg rules), so the
 * browser and the upstream say the same; the upstream checks every rule again.
 */
import { z } from "zod";
import { FORM_LIMITS, isPreRegEmail } from "@contract";
import { formKey } from "~/features/visitor-forms/keys";
import { singleLine } from "~/forms/control-characters";
import { postedId } from "~/forms/posted-id";
import { LOCAL_DATE_TIME } from "~/features/pre-registrations/date-time";
import { EMAIL_RULE, rule } from "~/features/pre-registrations/rules";

export const formLinkSchema = z.object({
  name: singleLine(z.string({ error: rule("nameRequired") }).trim().min(1, rule("nameRequired")).max(FORM_LIMITS.visitorName, formKey("visitorNameTooLong"))),
  email: singleLine(
    z
      .string({ error: EMAIL_RULE })
      .trim()
      .max(FORM_LIMITS.email, EMAIL_RULE)
      .refine((s) => isPreRegEmail(s), EMAIL_RULE),
  ),
  site_id: postedId(formKey("visitorSite")),
  group_id: postedId(formKey("visitorGroup")),
  arrive_at: z.string({ error: rule("arrivalFuture") }).regex(LOCAL_DATE_TIME, rule("arrivalFuture")),
});

export const FORM_LINK_FIELDS = ["name", "email", "site_id", "group_id", "arrive_at"] as const;
