/**
 * Binds every route of the contract's `routes` table to its implementation: the areas' handlers
 * (areas.ts), called with the caller authenticated, the body parsed and checked, and the call's
 * writes recorded in the audit log as the caller's.
 */
import type { z } from "zod";
import { REGIONS, routes, type Region, type RouteName, type UploadDef } from "../contract/index.ts";
import { handlers } from "./areas.ts";
import { callerAddress, withAuditActor } from "./audit/context.ts";
import { authenticate } from "./clients/regional.ts";
import type { Call } from "./http/contract-handlers.ts";
import { validation, zodErrors } from "./http/errors.ts";
import type { Router } from "./http/router.ts";
import type { App } from "./runtime/app.ts";
import { readUpload } from "./sites/uploads.ts";

/** Register all contract routes: auth ones under `/api/v2/`, regional ones under `/{region}/api/v2/`. */
export function registerContractRoutes(router: Router, app: App): void {
  for (const name of Object.keys(routes) as RouteName[]) {
    const def = routes[name];
    const regions: (Region | null)[] = def.base === "auth" ? [null] : [...REGIONS];
    for (const region of regions) {
      const prefix = region ? `/${region}/api/v2/` : "/api/v2/";
      router.add(def.method, prefix + def.path, async (ctx) => {
        app.stats.record(name, ctx.req.headers);
        const fault = app.stats.takeFault(name);
        if (fault !== null) return { status: fault.status, body: { message: "Injected fault", ...(fault.code ? { code: fault.code } : {}) } };

        const principal = region ? await authenticate(app, ctx.req, region) : undefined;
        let body: unknown;
        const schema = "body" in def ? (def.body as z.ZodType) : undefined;
        if (schema) {
          const parsed = schema.safeParse(await ctx.readBody());
          if (!parsed.success) throw validation(zodErrors(parsed.error));
          body = parsed.data;
        } else if ("upload" in def) {
          const upload = def.upload as UploadDef;
          body = () => readUpload(ctx.req, upload);
        } else if ("rawFile" in def) {
          // Streamed: the implementation reads it after its access checks.
          body = ctx.req;
        }
        const fn = handlers[name] as (c: Call<RouteName>) => Promise<unknown> | unknown;
        const call = () => fn({ app, ctx, body: body as never, principal: principal as never });
        // A signed-in user's call: every write it makes is recorded in the audit log as theirs.
        const result = await (principal
          ? withAuditActor(
              { client_id: principal.client.id, user_id: principal.user.id, user_name: principal.user.name, address: callerAddress(ctx.req, app.opts.trustedProxies), operation: name },
              call,
            )
          : call());
        // A download has written its answer itself.
        if ("download" in def) return undefined;
        if (app.opts.testHooks) {
          const check = def.response.safeParse(result);
          if (!check.success) app.log({ level: "error", msg: "response does not match the contract", route: name, issues: check.error.issues });
        }
        return { status: 200, body: result };
      });
    }
  }
}
