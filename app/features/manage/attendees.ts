/**
 * Validation of a site's attendees tab, shared by server and browser through conform: a phone
 * number is parsed for the client's country and sent as E.164; empty is valid (platform §5 phone
 * input). Apart from ./site-extras, and libphonenumber (~30 KB gzipped) apart in ./phone, so that
 * no page loads it with the page (ADR 010).
 */
import { conformZodMessage } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { z } from "zod";
import { singleLine } from "~/forms/control-characters";
import { EMAIL, TOO_LONG, requiredName } from "./site-extras";

export const PHONE_MESSAGE = "common:common_errors.valid_phone_number";

/** How a phone number is read: ./phone's `toE164`. */
export type PhoneReader = (phone: string, country: string | undefined) => string | null;

let phoneReader: PhoneReader | null = null;
let phoneReaderLoading: Promise<PhoneReader> | null = null;

/**
 * ./phone's `toE164` in the browser, loaded once the page is up (null until then). The attendees
 * form validates a phone number with it; before it arrives, a form with a phone number is left to
 * the server, which answers with the same message.
 */
export function usePhoneReader(): PhoneReader | null {
  const [reader, setReader] = useState<PhoneReader | null>(() => phoneReader);
  useEffect(() => {
    if (reader) return;
    let current = true;
    phoneReaderLoading ??= import("./phone").then((m) => (phoneReader = m.toE164));
    phoneReaderLoading.then(
      (read) => current && setReader(() => read),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [reader]);
  return reader;
}

/**
 * How the attendee form checks a phone number: with ./phone's reader, or, in the browser before
 * it has loaded, not at all: a submission then goes to the server, which checks it and answers
 * with the same message ("defer": conform's VALIDATION_UNDEFINED), and a blur or an input leaves
 * the field's message as it is ("skip": VALIDATION_SKIPPED; a submission posts no intent the
 * action would refuse).
 */
export type PhoneCheck = PhoneReader | "defer" | "skip";

/** The check for a form being validated in the browser (`formData` is conform's). */
export function phoneCheckFor(reader: PhoneReader | null, formData: FormData): PhoneCheck {
  // conform's own intents (validate on blur, on input) carry "__intent__"; a submission does not.
  return reader ?? (formData.has("__intent__") ? "skip" : "defer");
}

const PHONE_UNCHECKED = { defer: conformZodMessage.VALIDATION_UNDEFINED, skip: conformZodMessage.VALIDATION_SKIPPED } as const;

export const attendeeSchema = (country: string | undefined, phone: PhoneCheck) =>
  z.object({
    name: requiredName("sites:attendees.validation.name_required"),
    email: z.string().trim().max(254, TOO_LONG).regex(EMAIL, "sites:attendees.validation.email").optional(),
    phone: z
      .string()
      .trim()
      .max(40, PHONE_MESSAGE)
      .refine((s) => typeof phone === "function" && phone(s, country) !== null, typeof phone === "function" ? PHONE_MESSAGE : PHONE_UNCHECKED[phone])
      .optional(),
    company: singleLine(z.string().trim().max(100, TOO_LONG)).optional(),
  });
