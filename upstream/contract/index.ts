/**
 * The Gatehouse upstream contract: every request and answer the portal exchanges with the
 * regional API and the auth service, as zod schemas.
 *
 * This module is the ONLY part of `upstream/` that `app/` may import (a test enforces it). The
 * reference upstream validates with the same schemas, and serves them as OpenAPI at
 * `/api/v2/openapi.json`.
 *
 * Two kinds of base URL:
 *  - the auth service:  `{AUTH}/api/v2/auth/...`            (global; login, tokens, SSO)
 *  - a regional API:    `{iss}/api/v2/...`                  (per token issuer, e.g. `http://host/eu`)
 *
 * Errors follow one shape (`ErrorBody`): `{ message?, code?, data?, errors? }`. A 422 or 429 carries
 * `errors` (field name -> messages). A 401 during login carries a `code` naming the next step.
 *
 * One file per area (auth.ts, config.ts, today.ts, sites.ts, …), each with its schemas, types and
 * route table; common.ts has what they share (regions, errors, `RouteDef`), manage.ts the rights and
 * limits of the manage area. This file re-exports every area and merges their route tables into
 * `routes`, the one table the upstream serves and the portal's client calls.
 *
 * A new area is one new file, plus its line in each list below: the re-export, the import of its
 * route table, and its place in `routes` (names must not repeat across areas; a test checks).
 */
export * from "./common.ts";
export * from "./catalogue.ts";
export * from "./message-keys.ts";
export * from "./date-range.ts";
export * from "./files.ts";
export * from "./manage.ts";
export * from "./permissions.ts";
export * from "./auth.ts";
export * from "./config.ts";
export * from "./realtime.ts";
export * from "./today.ts";
export * from "./today-messages.ts";
export * from "./evacuations.ts";
export * from "./sites.ts";
export * from "./evacuation-points.ts";
export * from "./devices.ts";
export * from "./fields.ts";
export * from "./messages.ts";
export * from "./site-extras.ts";
export * from "./events.ts";
export * from "./groups.ts";
export * from "./group-messages.ts";
export * from "./group-settings.ts";
export * from "./group-sync.ts";
export * from "./group-attachments.ts";
export * from "./slack-messages.ts";
export * from "./group-slack.ts";
export * from "./site-settings.ts";
export * from "./members.ts";
export * from "./member-io.ts";
export * from "./pre-registration-messages.ts";
export * from "./pre-registration-email.ts";
export * from "./pre-registrations.ts";
export * from "./audit.ts";
export * from "./role-messages.ts";
export * from "./roles.ts";
export * from "./sso-messages.ts";
export * from "./sso.ts";
export * from "./user-messages.ts";
export * from "./users.ts";
export * from "./visits.ts";
export * from "./visit-messages.ts";
export * from "./history-messages.ts";
export * from "./history.ts";
export * from "./account-messages.ts";
export * from "./account-values.ts";
export * from "./account.ts";
export * from "./attendance.ts";
export * from "./attendance-messages.ts";
export * from "./spaces.ts";
export * from "./spaces-messages.ts";
export * from "./time-attendance.ts";
export * from "./time-attendance-messages.ts";
export * from "./safety-check-messages.ts";
export * from "./safety-check.ts";
export * from "./notification-messages.ts";
export * from "./notifications.ts";
export * from "./notification-delivery-messages.ts";
export * from "./notification-deliveries.ts";
export * from "./api-clients-messages.ts";
export * from "./api-clients.ts";
export * from "./visitor-forms-messages.ts";
export * from "./visitor-forms.ts";
export * from "./addon-values.ts";
export * from "./addons.ts";
export * from "./closure-messages.ts";
export * from "./closures.ts";

import { z } from "zod";
import { ErrorBody, type RouteDef } from "./common.ts";
import { authRoutes } from "./auth.ts";
import { configRoutes } from "./config.ts";
import { realtimeRoutes } from "./realtime.ts";
import { todayRoutes } from "./today.ts";
import { evacuationRoutes } from "./evacuations.ts";
import { siteRoutes } from "./sites.ts";
import { evacuationPointRoutes } from "./evacuation-points.ts";
import { deviceRoutes } from "./devices.ts";
import { fieldRoutes } from "./fields.ts";
import { messageRoutes } from "./messages.ts";
import { siteExtraRoutes } from "./site-extras.ts";
import { eventRoutes } from "./events.ts";
import { groupRoutes } from "./groups.ts";
import { groupBadgeRoutes, groupSettingRoutes } from "./group-settings.ts";
import { groupSyncRoutes } from "./group-sync.ts";
import { groupAttachmentRoutes } from "./group-attachments.ts";
import { groupSlackRoutes } from "./group-slack.ts";
import { siteSettingRoutes } from "./site-settings.ts";
import { memberRoutes } from "./members.ts";
import { memberIoRoutes } from "./member-io.ts";
import { preRegistrationRoutes } from "./pre-registrations.ts";
import { auditRoutes } from "./audit.ts";
import { roleRoutes } from "./roles.ts";
import { ssoRoutes } from "./sso.ts";
import { userRoutes } from "./users.ts";
import { visitRoutes } from "./visits.ts";
import { historyRoutes } from "./history.ts";
import { accountRoutes } from "./account.ts";
import { attendanceRoutes } from "./attendance.ts";
import { bookingsReportRoutes, spaceDesignRoutes, spaceFeedRoutes, spaceRoutes } from "./spaces.ts";
import { safetyCheckRoutes } from "./safety-check.ts";
import { notificationRoutes } from "./notifications.ts";
import { notificationDeliveryRoutes } from "./notification-deliveries.ts";
import { apiClientRoutes } from "./api-clients.ts";
import { formRoutes } from "./visitor-forms.ts";
import { addonRoutes } from "./addons.ts";
import { closureRoutes } from "./closures.ts";
import { timeAttendanceRoutes } from "./time-attendance.ts";

/** Every call, by name: the areas' tables merged (in this order, which the OpenAPI document keeps). */
export const routes = {
  ...authRoutes,
  ...configRoutes,
  ...realtimeRoutes,
  ...todayRoutes,
  ...evacuationRoutes,
  ...siteRoutes,
  ...evacuationPointRoutes,
  ...deviceRoutes,
  ...fieldRoutes,
  ...messageRoutes,
  ...siteExtraRoutes,
  ...eventRoutes,
  ...groupRoutes,
  ...groupSettingRoutes,
  ...groupBadgeRoutes,
  ...groupSyncRoutes,
  ...groupAttachmentRoutes,
  ...groupSlackRoutes,
  ...siteSettingRoutes,
  ...memberRoutes,
  ...memberIoRoutes,
  ...preRegistrationRoutes,
  ...auditRoutes,
  ...roleRoutes,
  ...ssoRoutes,
  ...userRoutes,
  ...visitRoutes,
  ...historyRoutes,
  ...accountRoutes,
  ...attendanceRoutes,
  ...spaceRoutes,
  ...bookingsReportRoutes,
  ...spaceFeedRoutes,
  ...spaceDesignRoutes,
  ...safetyCheckRoutes,
  ...notificationRoutes,
  ...notificationDeliveryRoutes,
  ...apiClientRoutes,
  ...formRoutes,
  ...addonRoutes,
  ...closureRoutes,
  ...timeAttendanceRoutes,
} as const satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export type RouteBody<N extends RouteName> = Routes[N] extends { body: infer B extends z.ZodType } ? z.input<B> : never;
export type RouteResponse<N extends RouteName> = z.infer<Routes[N]["response"]>;

/**
 * The 4xx answers a route can give, as the contract knows them (issue 25 item 8): a signed-in call
 * 401 (session expired) and 403 (no right, trial over); a path with ids 404; a body, an upload or a
 * query 422 (field → messages); an upload or raw file 413; a public call 429 (throttled).
 */
export function knownErrors(r: RouteDef): Record<string, string> {
  const out: Record<string, string> = {};
  if (r.auth === "bearer") {
    out["401"] = "Not signed in, or the session expired (`session_expired`)";
    out["403"] = "The user lacks the right, or the client's trial is over (`trial_period_over`)";
  }
  if (r.path.includes("{")) out["404"] = "Not found, or not the caller's to see";
  if (r.upload || r.rawFile) out["413"] = "The file is too large";
  if (r.body || r.upload || r.rawFile || r.method === "GET") out["422"] = "Validation errors (field → messages)";
  if (r.auth === "none") out["429"] = "Too many attempts: try again later";
  return { ...out, ...r.errors };
}

/**
 * A schema as JSON Schema for the document: a recursive one (a spaces layout's tree) names its
 * definitions (`.meta({ id })`); they move to `components.schemas`, where its `$ref`s point. A named
 * schema that is itself the whole body or answer (a spaces node) refers to itself as `#`, which in
 * the document would be the document: it moves to `components.schemas` too, and is referred to.
 */
function documentSchema(schema: z.ZodType, components: Record<string, unknown>, opts: { io?: "input" | "output" } = {}): unknown {
  const { $defs, ...out } = z.toJSONSchema(schema, { ...opts, unrepresentable: "any" }) as Record<string, unknown> & { $defs?: Record<string, unknown> };
  const root = typeof out.id === "string" ? out.id : null;
  if (!$defs && !root) return out;
  const target = (ref: string) => (ref === "#" && root ? `#/components/schemas/${root}` : ref.replace(/^#\/\$defs\//, "#/components/schemas/"));
  const rewrite = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(rewrite)
      : v && typeof v === "object"
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, k === "$ref" && typeof x === "string" ? target(x) : rewrite(x)]))
        : v;
  for (const [name, def] of Object.entries($defs ?? {})) components[name] = rewrite(def);
  if (!root) return rewrite(out);
  const { $schema: _, ...named } = out;
  components[root] = rewrite(named);
  return { $ref: `#/components/schemas/${root}` };
}

/** Build an OpenAPI 3.1 document from the route table. */
export function openApiDocument(servers: { url: string; description: string }[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas: Record<string, unknown> = {};
  const errorContent = { "application/json": { schema: z.toJSONSchema(ErrorBody, { unrepresentable: "any" }) } };
  for (const [name, r] of Object.entries(routes) as [string, RouteDef][]) {
    const p = `/${r.path}`;
    paths[p] ??= {};
    const params = [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: "path",
      required: true,
      schema: { type: "string" },
    }));
    paths[p][r.method.toLowerCase()] = {
      operationId: name,
      summary: r.summary,
      tags: [r.base],
      ...(params.length ? { parameters: params } : {}),
      // A public call says so (`security: []`) rather than saying nothing.
      security: r.auth === "bearer" ? [{ bearer: [] }] : [],
      ...(r.body
        ? { requestBody: { required: true, content: { "application/json": { schema: documentSchema(r.body, schemas, { io: "input" }) } } } }
        : {}),
      ...(r.upload
        ? {
            requestBody: {
              required: true,
              content: {
                "multipart/form-data": {
                  schema: { type: "object", required: [r.upload.field], properties: { [r.upload.field]: { type: "string", format: "binary", description: `${r.upload.kinds.join(", ")}; at most ${r.upload.maxBytes} bytes` } } },
                },
              },
            },
          }
        : {}),
      ...(r.rawFile
        ? { requestBody: { required: true, content: Object.fromEntries(r.rawFile.types.map((t) => [t, { schema: { type: "string", format: "binary", description: `at most ${r.rawFile!.maxBytes} bytes` } }])) } }
        : {}),
      responses: {
        "200": r.download
          ? { description: "A file", content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } } }
          : { description: "OK", content: { "application/json": { schema: documentSchema(r.response, schemas) } } },
        ...Object.fromEntries(Object.entries(knownErrors(r)).map(([status, description]) => [status, { description, content: errorContent }])),
        default: { description: "Error", content: errorContent },
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: { title: "Gatehouse regional API and auth service", version: "2", license: { name: "Proprietary" } },
    servers,
    components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } }, ...(Object.keys(schemas).length ? { schemas } : {}) },
    paths,
  };
}
