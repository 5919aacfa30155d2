/**
 * The translation keys of the contract's pre-registration rules for the browser's own checks: the
 * keys `known-messages.ts` gives the upstream's words (prereg:messages.{name}; the email rule is
 * the reply-to email's words), so both say the same. Not through `knownKey` itself: that table
 * would carry every area's messages into these pages' bundle (ADR 010's page budget).
 */
import type { PRE_REG_MESSAGES } from "@contract";

export const rule = (name: Exclude<keyof typeof PRE_REG_MESSAGES, "email">) => `prereg:messages.${name}`;
export const EMAIL_RULE = "groups:validation.reply_to_email";
