/**
 * /manage/account/audit-log/{id} — one entry of the audit log as a dialog over the list (a page
 * without JavaScript): who, when, from where, and the thing before → after, field by field (an
 * update: the fields that changed; a create or delete: every field). A secret reads "hidden".
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AUDIT_REDACTED } from "@contract";
import { requireAccess } from "~/access/guard.server";
import { AUDIT_LOG_PATH, auditFilterOf, auditQueryParams } from "~/features/audit/filter";
import type { Locale } from "~/i18n/config";
import { formatDateTimeAt } from "~/i18n/format";
import { translator } from "~/i18n/i18n.server";
import { upstreamContext } from "~/session/request-context.server";
import { DataTable } from "~/ui/data-table";
import { RouteDialog } from "~/ui/dialog";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";
import { upstreamLoad } from "~/upstream/load.server";
import { useEntityName } from "~/features/audit/names";

export const meta: MetaFunction<typeof loader> = pageTitle;

/** A value as text: null "(empty)", a secret "hidden", a flag Yes/No, a list or object as compact JSON. */
type Shown = { text: string; muted: boolean };
function show(v: unknown, t: (k: string) => string): Shown {
  if (v === undefined || v === null || v === "") return { text: t("entry.empty"), muted: true };
  if (v === AUDIT_REDACTED) return { text: t("entry.hidden"), muted: true };
  if (typeof v === "boolean") return { text: t(v ? "entry.yes" : "entry.no"), muted: false };
  if (typeof v === "string" || typeof v === "number") return { text: String(v), muted: false };
  return { text: JSON.stringify(v), muted: false };
}

/** A column's name in words: translated for the common ones, else "reply_to_email" → "Reply to email". */
const humanised = (k: string) => (k.charAt(0).toUpperCase() + k.slice(1)).replace(/_/g, " ");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }, { timezone }] = await Promise.all([requireAccess(request), translator(request, "audit"), upstreamContext(request)]);
  const id = params.entryId ?? "";
  if (!/^\d{1,15}$/.test(id)) throw new Response("Not found", { status: 404 });
  const e = await upstreamLoad(access.viewer.api("auditEntry", { params: { entryId: id } }));
  const fields = e.action === "update" ? e.changed : [...new Set([...Object.keys(e.before ?? {}), ...Object.keys(e.after ?? {})])];
  const { query, errors } = auditFilterOf(new URL(request.url));
  const keep = errors ? "" : new URLSearchParams(auditQueryParams(query)).toString();
  const page = new URL(request.url).searchParams.get("page");
  const back = new URLSearchParams(keep);
  if (page && /^\d{1,6}$/.test(page)) back.set("page", page);
  return {
    title: `${t("entry.title")} · ${t("title")} · Gatehouse`,
    entry: { ...e, when: formatDateTimeAt(e.at, timezone, access.viewer.locale as Locale) },
    rows: fields.map((f) => ({
      field: f,
      name: t(`field.${f}`, { defaultValue: humanised(f) }),
      before: e.action === "create" ? null : show(e.before?.[f], t),
      after: e.action === "delete" ? null : show(e.after?.[f], t),
    })),
    closeTo: `${AUDIT_LOG_PATH}${back.size ? `?${back}` : ""}`,
  };
}

function Cell({ value }: { value: Shown | null }) {
  if (!value) return <td>—</td>;
  return <td className={value.muted ? "muted" : undefined}>{value.muted ? <em>{value.text}</em> : <span className="audit-value">{value.text}</span>}</td>;
}

export default function AuditEntryDialog() {
  const { entry: e, rows, closeTo } = useLoaderData<typeof loader>();
  const { t } = useTranslation("audit");
  const entityName = useEntityName();
  return (
    <RouteDialog title={t("entry.title")} closeTo={closeTo} wide describedBy="audit-entry-summary">
      <p id="audit-entry-summary">
        {t(`action.${e.action}`)}: {entityName(e.entity)}
        {e.label ? ` “${e.label}”` : ""}
        {e.entity_id ? ` (#${e.entity_id})` : ""}
      </p>
      <dl className="audit-meta">
        <dt>{t("column.when")}</dt>
        <dd>
          <time dateTime={e.at}>{e.when}</time>
        </dd>
        <dt>{t("column.who")}</dt>
        <dd>{e.user.name || "—"}</dd>
        <dt>{t("column.address")}</dt>
        <dd>{e.address ?? "—"}</dd>
        <dt>{t("column.area")}</dt>
        <dd>{t(`area.${e.area}`, { defaultValue: e.area })}</dd>
        {e.operation ? (
          <>
            <dt>{t("entry.call")}</dt>
            <dd>
              <code>{e.operation}</code>
            </dd>
          </>
        ) : null}
      </dl>
      {rows.length === 0 ? (
        <p className="empty-state">{t("entry.no_fields")}</p>
      ) : (
        <DataTable caption={t("entry.diff_caption")} columns={[t("entry.field"), t("entry.before"), t("entry.after")]} className="audit-diff">
          {rows.map((r) => (
            <tr key={r.field}>
              <th scope="row">{r.name}</th>
              <Cell value={r.before} />
              <Cell value={r.after} />
            </tr>
          ))}
        </DataTable>
      )}
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
