import { resolve } from "./match";
import { decide, type AccessContext, type Outcome } from "./rules";

/**
 * The outcome of opening `pathname` for this context: every matched ancestor's rule, then the
 * redirect. Fails closed: a path no entry knows sends a visitor to sign in and is "not found" for
 * a signed-in user, and a path below a known area without an entry of its own is "not found" once
 * the area's rules let the user in (never "view").
 */
export function outcomeFor(pathname: string, ctx: AccessContext): Outcome {
  const r = resolve(pathname);
  if (r.chain.length === 0) return ctx.signedIn ? { kind: "not-found" } : { kind: "login" };
  const outcome = decide(r.chain.map((e) => e.rule), ctx, r.redirect);
  return outcome.kind === "view" && !r.target ? { kind: "not-found" } : outcome;
}

/** Whether `pathname` has a screen in this portal and this context may open it (links are offered only then). */
export function opensScreen(pathname: string, ctx: AccessContext): boolean {
  return resolve(pathname).target?.screen === true && outcomeFor(pathname, ctx).kind === "view";
}
