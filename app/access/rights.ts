import { CLIENT_RIGHTS, SUPER_RIGHT } from "@contract";

/**
 * Rights (abilities) the portal checks, as the upstream names them (platform §6, groups spec §6):
 * every right a client's role can hold (the contract's permission sections), and the super users' own.
 */
export const RIGHTS = [...CLIENT_RIGHTS, SUPER_RIGHT] as const;
export type Right = (typeof RIGHTS)[number];

/** The role that makes a user an administrator (spec §6: full access, the Manage tab). */
export const ADMINISTRATOR_ROLE = "Administrator";

/** Whoever holds abilities: an access context, or the `Access` of a request (its `ctx`). */
export type Holder = { abilities: ReadonlySet<string> } | { ctx: { abilities: ReadonlySet<string> } };

/** One right, or several that are all needed. */
export type Rights = Right | readonly [Right, ...Right[]];

/**
 * Whether the user holds the right (every one of them). The one way `app/` asks about a right:
 * typed (`Right`), never an ability string built by hand.
 */
export function can(who: Holder, rights: Rights): boolean {
  const abilities = "ctx" in who ? who.ctx.abilities : who.abilities;
  return (typeof rights === "string" ? [rights] : rights).every((r) => abilities.has(r));
}
