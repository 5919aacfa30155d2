/**
 * /manage/account/permissions/view-as — "view as" (issue 16 item 2; ADR 021; ManageUser.viewer):
 * choose a role, a second one beside it, and optionally a site (a GET form: works without
 * JavaScript); a table says, for every page of the access table, whether each role opens it and
 * may change things there — in words, not colour alone. The answers are the real rules evaluated
 * on the context a user holding the role would have (app/features/roles/view-as.ts).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { PERMISSIONS_PATH } from "~/features/roles/paths";
import { loadRoles } from "~/features/roles/roles.server";
import { viewAsQuery } from "~/features/roles/schema";
import { pagesFor, type Access } from "~/features/roles/view-as";
import { translator } from "~/i18n/i18n.server";
import { DataTable } from "~/ui/data-table";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "roles")]);
  const query = viewAsQuery.safeParse(Object.fromEntries([...new URL(request.url).searchParams].filter(([, v]) => v !== "")));
  if (!query.success) throw new Response(t("view_as.bad_choice"), { status: 400, statusText: "Bad Request" });
  const roles = await loadRoles(access);
  const find = (id: number | undefined) => {
    if (id === undefined) return undefined;
    const role = roles.find((r) => r.id === id);
    if (!role) throw new Response(t("view_as.bad_choice"), { status: 404, statusText: "Not Found" });
    return role;
  };
  const standard = roles.find((r) => r.built_in && r.name === "Standard User") ?? roles[0]!;
  const first = find(query.data.role) ?? roles.find((r) => !r.built_in) ?? standard;
  const second = find(query.data.compare) ?? (first.id === standard.id ? roles[0]! : standard);
  const site = query.data.site === undefined ? null : (access.config.sites.find((s) => s.id === query.data.site) ?? null);
  if (query.data.site !== undefined && !site) throw new Response(t("view_as.bad_choice"), { status: 404, statusText: "Not Found" });
  const a = pagesFor(first, access.config, site);
  const b = pagesFor(second, access.config, site);
  return data(
    {
      title: `${t("view_as.heading")} · Gatehouse`,
      roles: roles.map((r) => ({ id: r.id, name: r.name })),
      sites: access.config.sites.map((s) => ({ id: s.id, name: s.name })),
      chosen: { role: first.id, compare: second.id, site: site?.id ?? null },
      names: [first.name, second.name] as const,
      rows: a.map((p, i) => ({ path: p.path, a: p.access, b: b[i]!.access })),
    },
    { headers: access.headers },
  );
}

/** Nothing to post here: the table's rule first (403 for whoever may not open it), then 405. */
export async function action({ request }: ActionFunctionArgs) {
  await requireAccess(request);
  throw new Response("Method not allowed", { status: 405, statusText: "Method Not Allowed" });
}

function Status({ access }: { access: Access }) {
  const { t } = useTranslation("roles");
  return (
    <span className={`access-status access-status--${access}`}>
      <span aria-hidden="true">{access === "none" ? "✗ " : "✓ "}</span>
      {t(`view_as.access.${access}`)}
    </span>
  );
}

export default function ViewAs() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation("roles");
  const opens = (which: "a" | "b") => d.rows.filter((r) => r[which] !== "none").length;
  const choice = (name: "role" | "compare", label: string, value: number) => (
    <div className="field">
      <label htmlFor={`view-as-${name}`}>{label}</label>
      <select id={`view-as-${name}`} name={name} defaultValue={String(value)}>
        {d.roles.map((r) => (
          <option key={r.id} value={r.id}>
            {r.name}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <>
      <p>
        <Link to={PERMISSIONS_PATH}>{t("back")}</Link>
      </p>
      <h1>{t("view_as.heading")}</h1>
      <p>{t("view_as.intro")}</p>
      <Form method="get" className="toolbar view-as-choice">
        {choice("role", t("view_as.role"), d.chosen.role)}
        {choice("compare", t("view_as.compare"), d.chosen.compare)}
        <div className="field">
          <label htmlFor="view-as-site">{t("view_as.site")}</label>
          <select id="view-as-site" name="site" defaultValue={d.chosen.site === null ? "" : String(d.chosen.site)}>
            <option value="">{t("view_as.every_site")}</option>
            {d.sites.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          {t("view_as.show")}
        </button>
      </Form>
      <p aria-live="polite">
        {t("view_as.summary", { name: d.names[0], count: opens("a"), total: d.rows.length })} {t("view_as.summary", { name: d.names[1], count: opens("b"), total: d.rows.length })}
      </p>
      <DataTable caption={t("view_as.caption", { a: d.names[0], b: d.names[1] })} columns={[t("view_as.page"), d.names[0], d.names[1]]} className="view-as-table">
        {d.rows.map((r) => (
          <tr key={r.path} data-path={r.path}>
            <th scope="row">
              <code>{r.path}</code>
            </th>
            <td data-role="a">
              <Status access={r.a} />
            </td>
            <td data-role="b">
              <Status access={r.b} />
            </td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
