/**
 * /manage/account/permissions/{roleId} — one role in the editor (ADR 021): a custom role to change
 * (ManageUser.editor), or, for a built-in role, a role held by users outside the viewer's sites
 * (ADR 031) or a user who may only look, the same matrix read-only.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { levelsOf } from "@contract";
import { permissionsAt } from "~/access/outcome";
import { requireAccess, requireEdit } from "~/access/guard.server";
import { roleInScope, scopeOf, scopeSubject } from "~/access/scope";
import { RoleEditor } from "~/features/roles/role-editor";
import { loadRole, saveRole } from "~/features/roles/roles.server";
import { translator } from "~/i18n/i18n.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "roles")]);
  const role = await loadRole(access, params);
  // A role held by users outside the viewer's sites is read-only for them (the upstream refuses it).
  const outOfScope = !roleInScope(scopeOf(scopeSubject(access.viewer.claims, access.ctx), "role"), role);
  return data(
    {
      title: `${role.name} · ${t("heading")} · Gatehouse`,
      role,
      levels: levelsOf(role.rights),
      readOnly: role.built_in || outOfScope || !permissionsAt(access.path, access.ctx).edit,
      outOfScope,
    },
    { headers: access.headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const access = await requireAccess(request);
  requireEdit(access);
  const role = await loadRole(access, params);
  return saveRole(request, access, await request.formData(), role.id);
}

export default function EditRole() {
  const d = useLoaderData<typeof loader>();
  return <RoleEditor role={d.role} levels={d.levels} readOnly={d.readOnly} outOfScope={d.outOfScope} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
