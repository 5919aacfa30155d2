/**
 * What the SSO self-service tabs share (ADR 024): the client's id in the upstream's `sso/{clientId}`
 * calls, the configuration as a tab reads it (a 403 means "not authorised for these settings",
 * platform §8, shown on the page; a 404 means not configured yet), and the action of every tab:
 * the table's edit right, then the one handler of the posted intent (any other intent: 400).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import type { SsoConfig } from "@contract";
import { requireAccess, requireEdit, type Access } from "~/access/guard.server";
import { dispatch, type Intents } from "~/forms/intents.server";
import { UpstreamError } from "~/upstream/errors";
import { refusalResponse } from "~/upstream/refusal.server";

export const ssoClientId = (access: Pick<Access, "config">) => access.config.client.global_client_id;
export { SSO_PATH } from "./paths";

export type LoadedConfig = { state: "ok"; config: SsoConfig } | { state: "none" } | { state: "forbidden" };

export async function loadSsoConfig(access: Access): Promise<LoadedConfig> {
  try {
    return { state: "ok", config: await access.viewer.api("ssoConfig", { params: { clientId: ssoClientId(access) } }) };
  } catch (err) {
    if (err instanceof UpstreamError && err.status === 404) return { state: "none" };
    if (err instanceof UpstreamError && err.status === 403 && err.body.code !== "trial_period_over") return { state: "forbidden" };
    return refusalResponse(err);
  }
}

/** A list a tab reads (users, access requests): any refusal is the matching error page. */
export async function loadList<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    return refusalResponse(err);
  }
}

export interface SsoAction {
  request: Request;
  access: Access;
  clientId: string;
  form: FormData;
}

export async function ssoTabAction<H extends Intents<SsoAction>>({ request }: Pick<ActionFunctionArgs, "request">, handlers: H) {
  const access = await requireAccess(request);
  requireEdit(access);
  const form = await request.formData();
  return dispatch(form, handlers, { request, access, clientId: ssoClientId(access), form });
}
