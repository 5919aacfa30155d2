import { resolve } from "./match";
import { decide, type AccessContext, type Outcome } from "./rules";

/** The outcome of opening `pathname` for this context: every matched ancestor's rule, then the redirect. */
export function outcomeFor(pathname: string, ctx: AccessContext): Outcome {
  const r = resolve(pathname);
  return decide(r.chain.map((e) => e.rule), ctx, r.redirect);
}

/** Whether `pathname` has a screen in this portal and this context may open it (links are offered only then). */
export function opensScreen(pathname: string, ctx: AccessContext): boolean {
  return resolve(pathname).target?.screen === true && outcomeFor(pathname, ctx).kind === "view";
}
