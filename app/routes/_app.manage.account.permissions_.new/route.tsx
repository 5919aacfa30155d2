/** /manage/account/permissions/new — a new custom role in the editor (ManageUser.editor; ADR 021). */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { requireAccess, requireEdit } from "~/access/guard.server";
import { RoleEditor } from "~/features/roles/role-editor";
import { saveRole } from "~/features/roles/roles.server";
import { translator } from "~/i18n/i18n.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "roles")]);
  return data({ title: `${t("new_heading")} · Gatehouse` }, { headers: access.headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const access = await requireAccess(request);
  requireEdit(access);
  return saveRole(request, access, await request.formData(), null);
}

export default function NewRole() {
  return <RoleEditor role={null} levels={[]} readOnly={false} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
