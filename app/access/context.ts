import type { AccessTokenClaims, Config } from "@contract";
import { computeFlags } from "./flags";
import type { AccessContext } from "./rules";

/** End of the trial day in UTC: trial_ends_on is a date. */
export function isExpired(client: Config["client"], now = new Date()): boolean {
  return client.trial_ends_on !== null && new Date(`${client.trial_ends_on}T23:59:59Z`) < now;
}

/** The claims the rules read (who the user is beyond their role). */
export type AccessClaims = Pick<AccessTokenClaims, "user:is_super" | "user:primary" | "user:billing">;

/**
 * Everything the rules look at, from the token's claims and the config answer ("view as" builds
 * both for a role: app/features/roles/view-as.ts).
 */
export function accessContextFrom(claims: AccessClaims, config: Pick<Config, "client" | "sites" | "abilities" | "roles">, clientCount: number): AccessContext {
  const isSuper = claims["user:is_super"];
  return {
    signedIn: true,
    isSuper,
    isPrimary: claims["user:primary"],
    isBilling: claims["user:billing"],
    expired: isExpired(config.client),
    onTrial: config.client.trial_ends_on !== null,
    reseller: config.client.reseller,
    abilities: new Set(config.abilities),
    roles: new Set(config.roles.map((r) => r.name)),
    flags: computeFlags(config.client, config.sites, isSuper),
    schedulingStatus: config.client.scheduling_status,
    centralRecordEnabled: config.client.settings.central_record.enabled,
    spacesEnabled: config.client.settings.spaces_enabled,
    anySiteHasSpace: config.sites.some((s) => s.space_exists),
    clientCount,
  };
}
