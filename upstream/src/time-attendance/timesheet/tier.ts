/**
 * Time & Attendance tiers, usage warning and deactivation (issue 27 item 6; platform §4, groups
 * §9): pure functions of the members tracked, the tier held and instants. Nothing here reads a
 * clock: callers pass `now`.
 *
 * Decisions:
 * - Tiers are "up to 50, 100, 250, 500 and over 500" members tracked: 50 members is the 50 tier,
 *   51 the 100 tier, 501 over 500; none is the 50 tier. Over 500 has no limit.
 * - Over the tier held sets the usage warning at `now` (an existing warning keeps its date: the 30
 *   days run from the first warning) and clears back_under_usage; at or under the tier clears the
 *   warning and sets back_under_usage when there was one; otherwise nothing changes.
 * - Deactivation is the same wall-clock time 30 local days after the warning in the client's zone
 *   (UTC unless given), never 30 × 24 h: a warning at 09:00 on 10 Oct 2026 in London deactivates
 *   at 09:00 on 9 Nov. It is derived on every read (a missed job changes nothing); getting back
 *   under the tier (fewer members or a bigger tier) clears the warning and so ends it. Data stays.
 * - The trial lasts 15 days, computed the same way.
 */
import { addLocalDays, localParts, zonedInstant } from "../../time/local-time.ts";

export const TIERS = ["up-to-50", "up-to-100", "up-to-250", "up-to-500", "over-500"] as const;
export type Tier = (typeof TIERS)[number];

const LIMITS: Record<Tier, number | null> = { "up-to-50": 50, "up-to-100": 100, "up-to-250": 250, "up-to-500": 500, "over-500": null };

export const DEACTIVATION_DAYS = 30;
export const TRIAL_DAYS = 15;

/** The most members `tier` tracks; null for over 500. */
export const tierLimit = (tier: Tier): number | null => LIMITS[tier];

/** The smallest tier that tracks `membersTracked` members. */
export function tierFor(membersTracked: number): Tier {
  if (!Number.isInteger(membersTracked) || membersTracked < 0) throw new RangeError(`Not a member count: ${membersTracked}`);
  return TIERS.find((t) => {
    const limit = LIMITS[t];
    return limit === null || membersTracked <= limit;
  })!;
}

/** Whether `membersTracked` is more than `tier` allows. */
export function isOverTier(membersTracked: number, tier: Tier): boolean {
  const limit = LIMITS[tier];
  return limit !== null && membersTracked > limit;
}

/** The client's time_and_attendance usage settings. */
export interface UsageState {
  usageWarningAt: Date | null;
  backUnderUsage: boolean;
}

/** The usage settings after counting `membersTracked` against `tier` at `now`. */
export function nextUsageState(state: UsageState, membersTracked: number, tier: Tier, now: Date): UsageState {
  if (isOverTier(membersTracked, tier)) return { usageWarningAt: state.usageWarningAt ?? now, backUnderUsage: false };
  if (state.usageWarningAt) return { usageWarningAt: null, backUnderUsage: true };
  return { usageWarningAt: null, backUnderUsage: state.backUnderUsage };
}

/** `days` local days after `at` in `zone`, at the same wall-clock time. */
function localDaysAfter(at: Date, days: number, zone: string): Date {
  const { date, time } = localParts(at, zone);
  const later = zonedInstant(addLocalDays(date, days), time, zone);
  // Keep the seconds the wall-clock reading drops.
  return new Date(later.getTime() + (at.getTime() % 60_000 + 60_000) % 60_000);
}

/** When the add-on is deactivated for a warning given at `usageWarningAt`: 30 days later. */
export const deactivationAt = (usageWarningAt: Date, zone = "UTC"): Date => localDaysAfter(usageWarningAt, DEACTIVATION_DAYS, zone);

/** Whether the add-on is deactivated at `now` (tracking stops, data stays). */
export function isDeactivated(state: UsageState, now: Date, zone = "UTC"): boolean {
  return state.usageWarningAt !== null && now.getTime() >= deactivationAt(state.usageWarningAt, zone).getTime();
}

/** Whole days left before deactivation (0 once deactivated), or null without a warning. */
export function daysUntilDeactivation(state: UsageState, now: Date, zone = "UTC"): number | null {
  if (!state.usageWarningAt) return null;
  const at = deactivationAt(state.usageWarningAt, zone);
  if (now.getTime() >= at.getTime()) return 0;
  const today = localParts(now, zone).date;
  const last = localParts(at, zone).date;
  let days = 0;
  for (let d = today; d < last; d = addLocalDays(d, 1)) days++;
  return days;
}

/** When a trial started at `startedAt` ends: 15 days later. */
export const trialEndsAt = (startedAt: Date, zone = "UTC"): Date => localDaysAfter(startedAt, TRIAL_DAYS, zone);

/** Whether a trial started at `startedAt` is still running at `now`. */
export const isTrialActive = (startedAt: Date, now: Date, zone = "UTC"): boolean => now.getTime() >= startedAt.getTime() && now.getTime() < trialEndsAt(startedAt, zone).getTime();

/** The tier, whether over it, the warning and deactivation at `now`: what the add-on's home shows. */
export function usageSummary(state: UsageState, membersTracked: number, tier: Tier, now: Date, zone = "UTC") {
  return {
    tier,
    limit: tierLimit(tier),
    membersTracked,
    tierNeeded: tierFor(membersTracked),
    overTier: isOverTier(membersTracked, tier),
    usageWarningAt: state.usageWarningAt,
    backUnderUsage: state.backUnderUsage,
    deactivatesAt: state.usageWarningAt ? deactivationAt(state.usageWarningAt, zone) : null,
    deactivated: isDeactivated(state, now, zone),
    daysUntilDeactivation: daysUntilDeactivation(state, now, zone),
  };
}
