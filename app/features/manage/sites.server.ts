/**
 * The manage area's sites and events, server side: who may view and edit a site of each kind
 * (platform §2: standard and remote sites need ManageSite.editor to edit, events ManageEvent.editor;
 * viewers see read-only forms), the site id from the URL, and upstream refusals as form results.
 */
import type { Params } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import type { Config, SiteDetails } from "@contract";
import { requireAccess, type Access } from "~/access/guard.server";
import { postedId } from "~/features/action-outcome.server";
import { fieldErrors, UpstreamError } from "~/upstream/errors";
import { upstreamLoad } from "~/upstream/load.server";

export type SiteKind = "sites" | "events";
export const kindOf = (type: SiteDetails["type"]): SiteKind => (type === "event" ? "events" : "sites");

export interface SitePermissions {
  view: boolean;
  edit: boolean;
}

/** The rights of one kind: ManageSite.* for standard and remote sites, ManageEvent.* for events. */
export function kindPermissions(config: Pick<Config, "abilities">, kind: SiteKind): SitePermissions {
  const prefix = kind === "events" ? "ManageEvent" : "ManageSite";
  const view = config.abilities.includes(`${prefix}.viewer`);
  return { view, edit: view && config.abilities.includes(`${prefix}.editor`) };
}

/** The `:siteId` of the URL, or a 404 (never sent upstream unchecked). */
export function siteIdParam(params: Params): number {
  const id = postedId(params.siteId);
  if (id === null) throw new Response("Not found", { status: 404 });
  return id;
}

/**
 * A site with every field, and what this user may do with it (403 when they may not view its kind).
 * The site layout and its tab both need it: one upstream read per GET request serves both.
 */
export async function loadManagedSite(access: Pick<Access, "viewer" | "config">, id: number) {
  const site = await upstreamLoad(access.viewer.shared(`site:${id}`, () => access.viewer.api("site", { params: { siteId: id } })));
  const can = kindPermissions(access.config, kindOf(site.type));
  if (!can.view) throw new Response("Forbidden", { status: 403 });
  return { site, can };
}

/** The first lines of every tab action: who, which site, and the editor right of its kind (else 403). */
export async function requireSiteEditor(request: Request, params: Params) {
  const access = await requireAccess(request);
  const id = siteIdParam(params);
  const { site, can } = await loadManagedSite(access, id);
  if (!can.edit) throw new Response("Forbidden", { status: 403 });
  return { access, viewer: access.viewer, site, id };
}

/** Upstream rule messages the area knows, shown in the user's language (others as they came). */
const UPSTREAM_MESSAGE_KEYS: Record<string, string> = {
  "Choose groups of your organisation": "manage:groups.validation.unknown_group",
  "Choose among your groups": "manage:groups.validation.unknown_group",
};

/**
 * An upstream 422 (or 429) as the form's result: its field messages on the fields the form has,
 * the rest (and the first message) on the form, so nothing typed is lost. Other failures throw.
 */
export function upstreamFormErrors(err: unknown, formFields: readonly string[]): Record<string, string[]> | null {
  if (!(err instanceof UpstreamError) || (err.status !== 422 && err.status !== 429)) return null;
  const errors = fieldErrors(err);
  const out: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(errors)) {
    const key = formFields.includes(field) ? field : "";
    // Messages come as "@text" (shown as they came) unless the area knows them.
    (out[key] ??= []).push(...messages.map((m) => UPSTREAM_MESSAGE_KEYS[m.slice(1)] ?? m));
  }
  if (Object.keys(out).length === 0) out[""] = [`@${err.body.message ?? "Unknown error"}`];
  return out;
}

/** conform's reply with the upstream's messages added (field ones on their fields, the rest on the form). */
export function replyWith(submission: { reply(options?: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }): SubmissionResult<string[]> }, errors: Record<string, string[]>) {
  const { "": formErrors, ...fields } = errors;
  return submission.reply({ fieldErrors: fields, formErrors });
}
