/** POST /language — remember the chosen language (cookie), then go back. Open to everyone. */
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { isLocale } from "~/i18n/config";
import { localeCookie } from "~/i18n/i18n.server";
import { safeRedirect } from "~/session/redirect";

export function loader() {
  return redirect("/today");
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const locale = form.get("locale");
  const back = safeRedirect(form.get("redirectTo"), "/today", { allowAuthPages: true });
  if (!isLocale(locale)) throw new Response("Unknown language", { status: 400 });
  return redirect(back, { status: 303, headers: { "Set-Cookie": await localeCookie.serialize(locale) } });
}

/** A page only so that refused input renders the translated error page (status kept). */
export default function Nothing() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
