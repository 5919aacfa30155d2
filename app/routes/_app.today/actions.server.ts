/**
 * Today's row actions, one handler per intent (the route's action picks one with a switch): sign a
 * visitor out, approve a pending sign-in, sign a sign-out-first member who is away back in. Each needs its right; the answer is a redirect to /today
 * either way, the outcome in the session (`done`, or `failed`: the spec's toast, platform §8).
 */
import { requireRight, type Access } from "~/access/guard.server";
import type { Rights } from "~/access/rights";
import { done, failed, isUpstreamFailure, requirePostedId, shownName } from "~/forms/action-result.server";

/** What every row handler gets: the request, who asks (with their rights), the form. */
export interface RowAction {
  request: Request;
  access: Access;
  form: FormData;
}

/** One row action: the right it needs, the upstream call, and the outcome messages. */
interface Act {
  rights: Rights;
  route: "signOut" | "approveVisit" | "returnVisit";
  done: string;
  failed: string;
}

async function rowAction({ request, access, form }: RowAction, act: Act) {
  const visitId = requirePostedId(form.get("visitId"));
  requireRight(access, act.rights);
  const { viewer } = access;
  try {
    const visit = await viewer.api(act.route, { params: { visitId } });
    return done(request, viewer, "/today", { key: act.done, values: { name: visit.name }, tone: "success" });
  } catch (err) {
    if (!isUpstreamFailure(err)) throw err;
    return done(request, viewer, "/today", failed(err, act.failed, { name: shownName(form.get("name")) }));
  }
}

/** Sign a visitor out (Today.signInOut). */
export const signOut = (args: RowAction) =>
  rowAction(args, { rights: ["Today.viewer", "Today.signInOut"], route: "signOut", done: "today:toast.signed_out", failed: "today:toast.sign_out_failed" });

/** Approve a pending sign-in (Today.approve). */
export const approve = (args: RowAction) =>
  rowAction(args, { rights: ["Today.viewer", "Today.approve"], route: "approveVisit", done: "today:toast.approved", failed: "today:toast.approve_failed" });

/** A sign-out-first member who is away is back (Today.signInOut; ADR 015). */
export const returnVisit = (args: RowAction) =>
  rowAction(args, {
    rights: ["Today.viewer", "Today.signInOut"],
    route: "returnVisit",
    done: "today:sign_out_first.toast.returned",
    failed: "today:sign_out_first.toast.return_failed",
  });
