/** POST /language — remember the chosen language (cookie), then go back. Open to everyone. */
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
  if (!isLocale(locale)) return new Response("Unknown language", { status: 400 });
  return redirect(back, { status: 303, headers: { "Set-Cookie": await localeCookie.serialize(locale) } });
}
