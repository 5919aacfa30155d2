/**
 * The pre-registrations list's row actions, one handler per intent: approve and decline
 * (Today.approve), sign in and cancel (Today.signInOut). Each answers with a redirect back to the
 * list (its filters kept), the outcome in the session: `done`, or `failed` (the spec's toast).
 */
import { postedIntent } from "~/forms/intents.server";
import { requireRight, type Access } from "~/access/guard.server";
import type { Rights } from "~/access/rights";
import { done, failed, isUpstreamFailure, requirePostedId, shownName } from "~/forms/action-result.server";

export interface RowArgs {
  request: Request;
  access: Access;
  form: FormData;
}

type Route = "approvePreRegistration" | "declinePreRegistration" | "signInPreRegistration" | "cancelPreRegistration";
const ACTS: Record<string, { rights: Rights; route: Route; done: string; failed: string }> = {
  approve: { rights: ["Today.viewer", "Today.approve"], route: "approvePreRegistration", done: "pre-registrations:toast.approved", failed: "pre-registrations:toast.approve_failed" },
  decline: { rights: ["Today.viewer", "Today.approve"], route: "declinePreRegistration", done: "pre-registrations:toast.declined", failed: "pre-registrations:toast.decline_failed" },
  "sign-in": { rights: ["Today.viewer", "Today.signInOut"], route: "signInPreRegistration", done: "pre-registrations:toast.signed_in", failed: "pre-registrations:toast.sign_in_failed" },
  delete: { rights: ["Today.viewer", "Today.signInOut"], route: "cancelPreRegistration", done: "pre-registrations:toast.cancelled", failed: "pre-registrations:toast.cancel_failed" },
};

/** Where the list was (its filters and page), from the posted `back` (a query string only). */
function backTo(form: FormData): string {
  const back = form.get("back");
  const query = typeof back === "string" && /^[\w=&%.+-]{0,200}$/.test(back) ? back : "";
  return `/today/pre-registrations${query ? `?${query}` : ""}`;
}

export async function rowAction({ request, access, form }: RowArgs) {
  const act = ACTS[postedIntent(form, ACTS)]!;
  const id = requirePostedId(form.get("id"));
  requireRight(access, act.rights);
  const to = backTo(form);
  try {
    const p = await access.viewer.api(act.route, { params: { preRegistrationId: id } });
    return done(request, access.viewer, to, { key: act.done, values: { name: p.name }, tone: "success" });
  } catch (err) {
    if (!isUpstreamFailure(err)) throw err;
    return done(request, access.viewer, to, failed(err, act.failed, { name: shownName(form.get("name")) }));
  }
}
