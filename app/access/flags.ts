/**
 * Feature flags (spec platform §6). A flag is on for a client when its setting `beta.{id}` is true,
 * with the extra conditions the spec gives; hidden flags are computed from the client. Flags
 * marked `forSuperUsers` are also on for super users when the client has them off (super users
 * "see some flags that others do not").
 */
import type { Client, Site } from "@contract";

export const FEATURE_FLAGS = [
  "chance-of-search", "badge-personal-fields", "brivo", "site-settings", "hide-qr-code-in-companion-app",
  "contactless-prevent-skippable-photo", "old-timesheet-export", "group-visibility",
  "requirements-on-site-options", "site-attendance-report", "brand-color", "guard-dog",
  "visit-record-personal-fields", "anonymize-visits", "new-pre-reg-form", "sso-self-service", "id-scanning",
  "ai-chat", "show-signout-first-sync-groups-as-signout-first", "integrated-groups-import",
] as const;
export const HIDDEN_FLAGS = ["scheduling", "central-record-discovery", "time-and-attendance-discovered", "time-and-attendance"] as const;
export type FlagId = (typeof FEATURE_FLAGS)[number] | (typeof HIDDEN_FLAGS)[number];

/** Flags that super users see even where the client has them off. */
export const FOR_SUPER_USERS: ReadonlySet<FlagId> = new Set<FlagId>([
  "site-settings", "sso-self-service", "site-attendance-report", "old-timesheet-export", "integrated-groups-import",
]);

export const AI_CHAT_MIN_COMPANION_VERSION = "3.12.0";

/** Compare dotted versions numerically: "3.12.0" > "3.9.9". */
export function versionAtLeast(version: string | null | undefined, min: string): boolean {
  if (!version) return false;
  const a = version.split(".").map((n) => Number.parseInt(n, 10) || 0);
  const b = min.split(".").map((n) => Number.parseInt(n, 10) || 0);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d > 0;
  }
  return true;
}

export function computeFlags(client: Client, _sites: Site[], isSuper: boolean): Set<FlagId> {
  const s = client.settings as Record<string, unknown>;
  const beta = (id: string) => s[`beta.${id}`] === true;
  const on = new Set<FlagId>();
  for (const id of FEATURE_FLAGS) {
    let enabled = beta(id);
    if (id === "guard-dog") enabled &&= client.settings.country === "US";
    if (id === "anonymize-visits") enabled &&= client.settings.tier === "enhanced" || client.settings.tier === "pro";
    if (id === "ai-chat") enabled &&= versionAtLeast(client.settings.companion_app_version, AI_CHAT_MIN_COMPANION_VERSION);
    if (enabled || (isSuper && FOR_SUPER_USERS.has(id))) on.add(id);
  }
  // Spec §4: scheduling is active only when its status is "activated".
  if (client.scheduling_status === "activated" || beta("scheduling")) on.add("scheduling");
  if (client.is_school && client.settings.country === "GB" && !client.settings.central_record.enabled) on.add("central-record-discovery");
  if (client.settings.time_and_attendance_enabled) on.add("time-and-attendance");
  if (beta("time-and-attendance-discovered") || client.settings.time_and_attendance_enabled) on.add("time-and-attendance-discovered");
  return on;
}
