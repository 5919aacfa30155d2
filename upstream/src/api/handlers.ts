/** Binds every route of the contract's `routes` table to its implementation. */
import type { z } from "zod";
import { REGIONS, routes, type Region, type RouteName, type Routes } from "../../contract/index.ts";
import type { App } from "../app.ts";
import { login } from "../auth/login.ts";
import { accessToken, forgot, logout, reset } from "../auth/service.ts";
import { validation, zodErrors } from "../http/errors.ts";
import { bearerToken, type Ctx, type Router } from "../http/router.ts";
import { ssoAccessRequest, ssoLogin } from "../sso/rp.ts";
import {
  authenticate,
  broadcastingAuth,
  getClient,
  getClients,
  getConfig,
  getCustomFields,
  getRoles,
  getSites,
  getSsoConfig,
  type Principal,
} from "./regional.ts";
import {
  approveVisit,
  getSignInOptions,
  getSiteToday,
  getVisit,
  getVisitAbsences,
  getVisitBadge,
  getVisitDocuments,
  getVisitHistory,
  signIn,
  signOut,
  signOutAll,
} from "./visits.ts";
import {
  addEvacuationComment,
  completeEvacuation,
  deleteEvacuation,
  getEvacuation,
  getFireList,
  listEvacuations,
  startEvacuation,
  updateEvacuee,
} from "./evacuations.ts";

type BodyOf<N extends RouteName> = Routes[N] extends { body: infer B extends z.ZodType } ? z.output<B> : undefined;
type PrincipalOf<N extends RouteName> = Routes[N]["base"] extends "regional" ? Principal : undefined;

interface Call<N extends RouteName> {
  app: App;
  ctx: Ctx;
  body: BodyOf<N>;
  principal: PrincipalOf<N>;
}

type Impl = { [N in RouteName]: (c: Call<N>) => Promise<z.input<Routes[N]["response"]>> | z.input<Routes[N]["response"]> };

const impl: Impl = {
  login: ({ app, body }) => login(app, body),
  accessToken: ({ app, body }) => accessToken(app, body),
  logout: ({ app, ctx }) => logout(app, bearerToken(ctx.req)),
  forgot: ({ app, body }) => forgot(app, body),
  reset: ({ app, body }) => reset(app, body),
  ssoLogin: ({ app, body }) => ssoLogin(app, body),
  ssoAccessRequest: ({ app, ctx, body }) => ssoAccessRequest(app, bearerToken(ctx.req), body),
  clients: ({ app, principal }) => getClients(app, principal),
  config: ({ app, principal }) => getConfig(app, principal),
  client: ({ app, principal }) => getClient(app, principal),
  sites: ({ app, principal }) => getSites(app, principal),
  clientRoles: ({ app, principal }) => getRoles(app, principal),
  siteCustomFields: ({ app, principal, ctx }) => getCustomFields(app, principal, ctx.params.siteId),
  ssoConfig: ({ app, principal, ctx }) => getSsoConfig(app, principal, ctx.params.clientId),
  broadcastingAuth: ({ app, principal, body }) => broadcastingAuth(app, principal, body),
  siteToday: ({ app, principal, ctx }) => getSiteToday(app, principal, ctx.params.siteId),
  signInOptions: ({ app, principal, ctx }) => getSignInOptions(app, principal, ctx.params.siteId),
  signIn: ({ app, principal, ctx, body }) => signIn(app, principal, ctx.params.siteId, body),
  signOutAll: ({ app, principal, ctx, body }) => signOutAll(app, principal, ctx.params.siteId, body),
  signOut: ({ app, principal, ctx }) => signOut(app, principal, ctx.params.visitId),
  approveVisit: ({ app, principal, ctx }) => approveVisit(app, principal, ctx.params.visitId),
  visit: ({ app, principal, ctx }) => getVisit(app, principal, ctx.params.visitId),
  visitAbsences: ({ app, principal, ctx }) => getVisitAbsences(app, principal, ctx.params.visitId),
  visitHistory: ({ app, principal, ctx }) => getVisitHistory(app, principal, ctx.params.visitId),
  visitBadge: ({ app, principal, ctx }) => getVisitBadge(app, principal, ctx.params.visitId),
  visitDocuments: ({ app, principal, ctx }) => getVisitDocuments(app, principal, ctx.params.visitId),
  fireList: ({ app, principal, ctx }) => getFireList(app, principal, ctx.params.siteId),
  startEvacuation: ({ app, principal, ctx, body }) => startEvacuation(app, principal, ctx.params.siteId, body),
  evacuations: ({ app, principal, ctx }) => listEvacuations(app, principal, ctx.url.searchParams),
  evacuation: ({ app, principal, ctx }) => getEvacuation(app, principal, ctx.params.evacuationId),
  updateEvacuee: ({ app, principal, ctx, body }) => updateEvacuee(app, principal, ctx.params.evacuationId, ctx.params.evacueeId, body),
  addEvacuationComment: ({ app, principal, ctx, body }) => addEvacuationComment(app, principal, ctx.params.evacuationId, body),
  completeEvacuation: ({ app, principal, ctx, body }) => completeEvacuation(app, principal, ctx.params.evacuationId, body),
  deleteEvacuation: ({ app, principal, ctx }) => deleteEvacuation(app, principal, ctx.params.evacuationId),
};

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
        if (fault !== null) return { status: fault, body: { message: "Injected fault" } };

        const principal = region ? await authenticate(app, ctx.req, region) : undefined;
        let body: unknown;
        const schema = "body" in def ? (def.body as z.ZodType) : undefined;
        if (schema) {
          const parsed = schema.safeParse(await ctx.readBody());
          if (!parsed.success) throw validation(zodErrors(parsed.error));
          body = parsed.data;
        }
        const fn = impl[name] as (c: Call<RouteName>) => Promise<unknown> | unknown;
        const result = await fn({ app, ctx, body: body as never, principal: principal as never });
        if (app.opts.testHooks) {
          const check = def.response.safeParse(result);
          if (!check.success) app.log({ level: "error", msg: "response does not match the contract", route: name, issues: check.error.issues });
        }
        return { status: 200, body: result };
      });
    }
  }
}
