import { outcomeFor } from "./outcome";
import type { AccessContext } from "./rules";
import { ACCESS_TABLE } from "./table";

export interface NavItem {
  to: string;
  labelKey: string;
}

/** The top-level areas this user may open, in order: drawn from the access table, screens that exist only. */
export function navigationFor(ctx: AccessContext): NavItem[] {
  return ACCESS_TABLE.filter((e) => e.nav && e.screen)
    .filter((e) => {
      const o = outcomeFor(e.path, ctx);
      return o.kind === "view" || o.kind === "redirect";
    })
    .sort((a, b) => a.nav!.order - b.nav!.order)
    .map((e) => ({ to: e.path, labelKey: e.nav!.labelKey }));
}
