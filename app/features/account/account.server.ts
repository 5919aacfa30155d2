/**
 * The account pages, server side (ADR 023): what every account page's loader starts with (who
 * asks, the page's rule from the access table, the account tab bar drawn from the table) and the
 * action every account page runs (the edit rights, the posted form, then the named handler of its
 * intent; any other intent a 400). A page that takes a file names it with `uploadOf`.
 */
import { requireAccess, requireEdit, type Access } from "~/access/guard.server";
import { leadsSomewhere, tabBar } from "~/access/outcome";
import { postedForm, type UploadTarget } from "~/features/manage/upload.server";
import { dispatch, type Intents } from "~/forms/intents.server";
import type { Viewer } from "~/session/auth.server";

export const ACCOUNT_PATH = "/manage/account";

/** The page's access and the account tab bar for this user. */
export async function accountPage(request: Request) {
  const access = await requireAccess(request);
  // A tab that is itself a landing (SSO self-service) only when it leads somewhere for this user.
  return { access, tabs: tabBar(ACCOUNT_PATH, {}, access.ctx).filter((tab) => leadsSomewhere(tab.to, access.ctx)) };
}

export interface AccountAction {
  request: Request;
  access: Access;
  viewer: Viewer;
  form: FormData;
}

export async function accountAction<H extends Intents<AccountAction>>(
  request: Request,
  handlers: H,
  uploadOf?: (fields: Map<string, string>) => UploadTarget | null,
) {
  const access = await requireAccess(request);
  requireEdit(access);
  const posted = uploadOf ? await postedForm(request, uploadOf) : { form: await request.formData() };
  if ("tooLarge" in posted) return posted.tooLarge;
  return dispatch(posted.form, handlers, { request, access, viewer: access.viewer, form: posted.form });
}

/** An amount in cents of `currency`, as the user's language writes money. */
export function money(cents: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale.replace("_", "-"), { style: "currency", currency }).format(cents / 100);
}

/** A day (YYYY-MM-DD) in the user's language: here, so the pages' browser code carries no date-fns. */
export { formatDay as day } from "~/i18n/format";
