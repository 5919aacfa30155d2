/**
 * The visitor's email rule (ADR 019), apart from the area's schemas so that a form importing it
 * does not carry them. ./index re-exports it.
 */
import { PRE_REG_LIMITS } from "./pre-registration-messages.ts";
import { EMAIL } from "./shared.ts";

/** Is `s` a plausible email (the contract's one rule, shared with the other areas' email fields)? */
export const isPreRegEmail = (s: string) => EMAIL.test(s) && s.length <= PRE_REG_LIMITS.email;
