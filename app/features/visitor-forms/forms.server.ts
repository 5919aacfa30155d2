/**
 * Visitor forms, server side (ADR 030): the `:formId` of a URL, whether this user may change forms
 * (the access table), and the sites and groups a form may offer (the upstream's; one read a request).
 */
import type { Params } from "@remix-run/react";
import type { Access } from "~/access/guard.server";
import { permissionsAt } from "~/access/outcome";
import { postedId } from "~/forms/action-result.server";
import { upstreamLoad } from "~/upstream/load.server";
import { FORMS_PATH } from "./paths";

export function formIdParam(params: Params): number {
  const id = postedId(params.formId);
  if (id === null) throw new Response("Not found", { status: 404 });
  return id;
}

export const mayEditForms = (access: Pick<Access, "ctx">) => permissionsAt(FORMS_PATH, access.ctx).edit;

export const loadFormOptions = (access: Pick<Access, "viewer">) =>
  upstreamLoad(access.viewer.shared("visitor-form-options", () => access.viewer.api("visitorFormOptions")));
