// ---------------------------------------------------------------------------------------------
// Pre-registrations and scheduled visits of standard groups, and the magic links their visitors
// open without signing in (issue 15 §4–5; groups spec §1, §4, §5, §9; platform §2 /magic-link/*).
// ---------------------------------------------------------------------------------------------
import type { RouteDef } from "./common.ts";

export const preRegistrationRoutes = {} as const satisfies Record<string, RouteDef>;
