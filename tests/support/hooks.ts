/** The reference upstream's test hooks (`/__test/…`, on when UPSTREAM_TEST_HOOKS=1). */
import { testFetch } from "./fetch";
import crypto from "node:crypto";
import type { Right } from "../../app/access/rights";
import type { ErrorBody, EvacuationSummary, GroupSummary, SignInRequest, Site, Visit } from "@contract";

export async function upstreamHook<T = any>(base: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await testFetch(`${base}/__test/${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`test hook ${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export const uniqueEmail = (tag: string, domain = "example.com") => `${tag}-${crypto.randomBytes(4).toString("hex")}@${domain}`;

/** A fresh user (Administrator in Acme Ltd, eu:1, unless told otherwise). */
export function createUpstreamUser(base: string, body: Record<string, unknown> & { email: string }) {
  return upstreamHook(base, "POST", "users", { client: "eu:1", role: "Administrator", ...body });
}

/** A custom role (created, or its rights replaced) in a client (Acme Ltd, eu:1, unless told otherwise). */
export function createUpstreamRole(base: string, body: { client?: string; name: string; rights: Right[] }) {
  return upstreamHook<{ id: number; name: string; rights: Right[]; client: string }>(base, "POST", "roles", { client: "eu:1", ...body });
}

/**
 * A fresh site of its own (standard unless told otherwise; Acme Ltd unless told otherwise) with one
 * kiosk device, so a test owns its counts and events. Users of the client with every site see it;
 * groups shown at every site are shown there, and with `all_groups` those limited to some sites too
 * (`groups`, in display order); `evacuation_points` are its assembly points, in order.
 */
export function createUpstreamSite(
  base: string,
  body: { client?: string; name: string; type?: Site["type"]; timezone?: string; all_groups?: boolean; evacuation_points?: string[] },
) {
  return upstreamHook<{ id: number; name: string; type: Site["type"]; device_token: string; site: Site; groups: GroupSummary[] }>(base, "POST", "sites", {
    client: "eu:1",
    ...body,
  });
}

export type KioskResult = { ok: true; status: number; visit: Visit } | { ok: false; status: number; error: ErrorBody };
export type KioskEvacuationResult = { ok: true; status: number; evacuation: EvacuationSummary } | { ok: false; status: number; error: ErrorBody };

/** A kiosk call (`POST /{region}/api/v2/kiosk/{action}`, `Authorization: Device <token>`); `key` names the answer on success. */
async function kioskCall<K extends string, T>(
  base: string,
  region: string,
  deviceToken: string,
  action: "sign-in" | "sign-out" | "evacuations",
  body: unknown,
  key: K,
): Promise<({ ok: true; status: number } & { [P in K]: T }) | { ok: false; status: number; error: ErrorBody }> {
  const res = await testFetch(`${base}/${region}/api/v2/kiosk/${action}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Device ${deviceToken}` },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as unknown;
  if (!res.ok) return { ok: false, status: res.status, error: json as ErrorBody };
  return { ok: true, status: res.status, [key]: json as T } as { ok: true; status: number } & { [P in K]: T };
}

/**
 * A front-desk kiosk signs someone in (the real kiosk call, `Authorization: Device <token>`): the
 * upstream broadcasts SignInEvent on private-Site.{id}. 422 for the same reasons as the portal's call.
 */
export function kioskSignIn(
  base: string,
  region: string,
  deviceToken: string,
  body: SignInRequest & { location?: { lat: number; lng: number; accuracy: number }; source?: "kiosk" | "companion" },
): Promise<KioskResult> {
  return kioskCall<"visit", Visit>(base, region, deviceToken, "sign-in", body, "visit");
}

/** A front-desk kiosk signs a visit (or a member's visit) out: SignOutEvent. */
export function kioskSignOut(base: string, region: string, deviceToken: string, body: { visit_id: number } | { member_id: number }): Promise<KioskResult> {
  return kioskCall<"visit", Visit>(base, region, deviceToken, "sign-out", body, "visit");
}

/**
 * A front-desk kiosk starts an evacuation of its site (`POST /{region}/api/v2/kiosk/evacuations`,
 * optional `comment`): everyone signed in at that moment becomes an evacuee, started by "Front desk
 * kiosk"; the upstream broadcasts EvacuationCreatedEvent on private-Site.{id}. 422 when one is already
 * in progress there, 401 `invalid_device` for an unknown token, 403 `trial_period_over` for an expired client.
 */
export function kioskStartEvacuation(base: string, region: string, deviceToken: string, body: { comment?: string } = {}): Promise<KioskEvacuationResult> {
  return kioskCall<"evacuation", EvacuationSummary>(base, region, deviceToken, "evacuations", body, "evacuation");
}
