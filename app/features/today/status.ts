/**
 * How a visit's status reads (namespace "today"): the statuses of a sign-out-first member's
 * departure (ADR 015) have their own words, and their times read the other way round — it starts
 * when they left (signed_out_at) and ends when they came back (signed_in_at).
 */
import type { Visit } from "@contract";

const STATUS_KEYS: Record<Visit["status"], string> = {
  pending: "status.pending",
  signed_in: "status.signed_in",
  signed_out: "status.signed_out",
  rejected: "status.rejected",
  away: "sign_out_first.status.away",
  returned: "sign_out_first.status.returned",
};

export const statusKey = (status: Visit["status"]) => STATUS_KEYS[status];

/** A sign-out-first member's departure: out (away) or back (returned). */
export const isDeparture = (status: Visit["status"]) => status === "away" || status === "returned";
