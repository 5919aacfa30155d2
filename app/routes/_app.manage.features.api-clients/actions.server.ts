/**
 * The client API page's intents (ADR 030): create (the secret goes to the session for the next page
 * only — shown once, gone on reload — never into a URL; Post/Redirect/Get) and revoke (after the
 * kit's confirmation; a client gone or already revoked is said on its row with the upstream's 4xx).
 */
import { redirect } from "@remix-run/node";
import type { Access } from "~/access/guard.server";
import { done, invalid, refused, requirePostedId, shownName } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { API_CLIENT_NOT_FOUND, API_CLIENTS_PATH } from "~/features/api-clients/paths";
import { commitSession } from "~/session/session.server";
import { apiClientSchema } from "./schema";

export interface Intent {
  request: Request;
  access: Access;
  form: FormData;
}

export async function create({ request, access, form }: Intent) {
  const intent = { intent: "create" };
  const submission = parseSubmission(form, { schema: apiClientSchema });
  if (submission.status !== "success") return invalid(intent, submission);
  let created;
  try {
    created = await access.viewer.api("createApiClient", { body: submission.value });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: ["name", "scopes"] });
  }
  access.viewer.session.flash("revealedSecret", { id: created.id, name: created.name, client_id: created.client_id, secret: created.secret });
  return redirect(`${API_CLIENTS_PATH}#created`, { status: 303, headers: { "Set-Cookie": await commitSession(request, access.viewer.session) } });
}

export async function revoke({ request, access, form }: Intent) {
  const id = requirePostedId(form.get("id"));
  try {
    await access.viewer.api("revokeApiClient", { params: { apiClientId: id } });
  } catch (err) {
    return refused(err, { intent: "revoke", row: id, notFound: API_CLIENT_NOT_FOUND });
  }
  return done(request, access.viewer, API_CLIENTS_PATH, { key: "features:api_clients.revoked", values: { name: shownName(form.get("name")) }, tone: "success" });
}
