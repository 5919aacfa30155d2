/**
 * The translation keys of the contract's pre-registration rules for the browser's own checks: the
 * keys the area's catalogue gives the upstream's words (`PRE_REG_KEYS`, ADR 035; the email rule is
 * the reply-to email's words), so both say the same. Not through `knownKey` itself: that table
 * would carry every area's messages into these pages' bundle (ADR 010's page budget).
 */
import { PRE_REG_KEYS, REPLY_TO_KEY, type PRE_REG_MESSAGES } from "@contract";

export const rule = (name: Exclude<keyof typeof PRE_REG_MESSAGES, "email">) => `${PRE_REG_KEYS}${name}`;
export const EMAIL_RULE = REPLY_TO_KEY;
