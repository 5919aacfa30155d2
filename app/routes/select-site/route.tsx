/** POST /select-site — remember the chosen site for this user and client, then go back. */
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { selectSite } from "~/features/auth/site-selection.server";
import { requireAccess } from "~/access/guard.server";
import { done } from "~/forms/action-result.server";
import { safeRedirect } from "~/session/redirect";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request);
  return redirect("/today");
}

export async function action({ request }: ActionFunctionArgs) {
  const { viewer, config } = await requireAccess(request);
  const form = await request.formData();
  const siteId = Number(form.get("siteId"));
  const back = safeRedirect(form.get("redirectTo"));
  if (!Number.isSafeInteger(siteId) || siteId <= 0) throw new Response("Bad request: siteId", { status: 400 });
  const kept = await selectSite(viewer, config, siteId);
  if (!kept) return done(request, viewer, back, { key: "common:site.not_selected", tone: "error" });
  return redirect(back, { status: 303 });
}

/** A page only so that refused input renders the translated error page (status kept). */
export default function Nothing() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
