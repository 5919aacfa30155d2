import { resolve } from "./match";
import { ACCESS_TABLE } from "./table";
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

/**
 * What this context may do at `pathname`: open it, and change things there. Changing needs every
 * matched entry's `edit` rights; an entry with `kinds` needs the kind's view right to open and its
 * edit right to change (without a known kind, neither).
 */
export function permissionsAt(pathname: string, ctx: AccessContext, kind?: string): { view: boolean; edit: boolean } {
  const { chain } = resolve(pathname);
  const kindOk = (which: "view" | "edit") => chain.every((e) => !e.kinds || (kind !== undefined && e.kinds[kind] !== undefined && ctx.abilities.has(e.kinds[kind][which])));
  const outcome = outcomeFor(pathname, ctx).kind;
  const view = (outcome === "view" || outcome === "redirect") && kindOk("view");
  const edit = view && kindOk("edit") && chain.every((e) => (e.edit ?? []).every((r) => ctx.abilities.has(r)));
  return { view, edit };
}

/** Whether this context may change things at `pathname` (see `permissionsAt`). */
export const mayEdit = (pathname: string, ctx: AccessContext, kind?: string) => permissionsAt(pathname, ctx, kind).edit;

/**
 * The tab bar below `parent` (a table pattern, e.g. "/manage/site/:id"): its children with a `tab`,
 * in their order, filled with `params`, that this context may open (as the top navigation, drawn
 * from the table, never listed again by hand).
 */
export function tabBar(parent: string, params: Record<string, string | number>, ctx: AccessContext): { to: string; labelKey: string; name: string }[] {
  const fill = (pattern: string) => pattern.replace(/:(\w+)\??/g, (_, name: string) => encodeURIComponent(String(params[name] ?? "")));
  return ACCESS_TABLE.filter((e) => e.tab && e.path.startsWith(`${parent}/`) && !e.path.slice(parent.length + 1).includes("/"))
    .sort((a, b) => a.tab!.order - b.tab!.order)
    .map((e) => ({ to: fill(e.path), labelKey: e.tab!.labelKey, name: e.path.slice(parent.length + 1) }))
    .filter((t) => opensScreen(t.to, ctx));
}

/**
 * Whether `path` leads somewhere for this context: a landing whose children are tabs (SSO
 * self-service) only when one of its tabs opens; any other page always.
 */
export function leadsSomewhere(path: string, ctx: AccessContext): boolean {
  const landing = ACCESS_TABLE.some((e) => e.tab && e.path.startsWith(`${path}/`) && !e.path.slice(path.length + 1).includes("/"));
  return !landing || tabBar(path, {}, ctx).length > 0;
}

/**
 * The first page directly below `parent`, in the table's order, whose screen exists, which this
 * context may open and which leads somewhere, or null: where a landing (`/manage/account`) sends
 * the user.
 */
export function firstOpenChild(parent: string, ctx: AccessContext): string | null {
  const child = ACCESS_TABLE.find((e) => {
    if (!e.screen || !e.path.startsWith(`${parent}/`) || /[/:]/.test(e.path.slice(parent.length + 1))) return false;
    const kind = outcomeFor(e.path, ctx).kind;
    return (kind === "view" || kind === "redirect") && leadsSomewhere(e.path, ctx);
  });
  return child?.path ?? null;
}
