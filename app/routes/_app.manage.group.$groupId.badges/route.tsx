/**
 * /manage/group/{id}/badges — the badge builder (groups spec §3 badge elements, §9 limits): the
 * group's badge on a label of a real size, previewed to scale; editors add, place and remove
 * elements (photo, logo, QR code, name, group, date, time, a custom field, a personal field — with
 * the `badge-personal-fields` flag — and text, at most 20 each of the last three). Without
 * JavaScript elements are placed by numbers; with it, dragged in the preview. `?print` shows the
 * badge alone at print size (print CSS: the label is the page).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BADGE_SIZES } from "@contract";
import { requireAccess } from "~/access/guard.server";
import { pageNotice, resultFor } from "~/forms/action-result";
import { groupIdParam, groupTabAction, loadGroup } from "~/features/groups/group.server";
import { formatLongDate, formatTime } from "~/i18n/format";
import { translator } from "~/i18n/i18n.server";
import { upstreamLoad } from "~/upstream/load.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { useHydrated } from "~/ui/form";
import { pageTitle } from "~/ui/meta";
import { ActionNotice } from "~/ui/notice";
import { qrDataUrl } from "~/ui/qr.server";
import { add, remove, save } from "./actions.server";
import { AddElement, BadgeForm, RemoveElements, useElementName, type Live } from "./badge-editor";
import { BadgePreview, type BadgeSamples } from "./badge-preview";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t, locale }] = await Promise.all([requireAccess(request), translator(request, "groups")]);
  const id = groupIdParam(params);
  // The group and its badge in one round trip (the upstream checks the right on each).
  const [{ group, can }, badge] = await Promise.all([loadGroup(access, id), upstreamLoad(access.viewer.api("groupBadge", { params: { groupId: id } }))]);
  const now = new Date();
  const samples: BadgeSamples = {
    name: t("badge.sample.name"),
    group: group.name,
    date: formatLongDate(now, locale),
    time: formatTime(now, locale),
    qr: await qrDataUrl("GATEHOUSE-SAMPLE-BADGE"),
    logo: t("badge.kind.logo"),
    photo: t("badge.kind.photo"),
    fields: Object.fromEntries(badge.custom_fields.map((f) => [f.id, f.label])),
    personal: Object.fromEntries(badge.personal_fields.map((f) => [f.id, f.label])),
  };
  return data(
    { title: `${t("tab.badges")} · ${group.name} · Gatehouse`, group: { id: group.id, name: group.name }, badge, samples, can, print: new URL(request.url).searchParams.has("print") },
    { headers: access.headers },
  );
}

export const action = (args: ActionFunctionArgs) => groupTabAction(args, { save, add, delete: remove });

export default function GroupBadgesTab() {
  const { group, badge, samples, can, print } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("groups");
  const hydrated = useHydrated();
  const name = useElementName(badge);
  const path = `/manage/group/${group.id}/badges`;
  const { width, height } = BADGE_SIZES[badge.size];
  // Numbers typed or dragged, shown in the preview before they are saved.
  const [live, setLive] = useState<Live>({});
  const elements = badge.elements.map((e, i) => ({ ...e, ...live[i] }));
  const label = t("badge.preview", { name: group.name, width, height });
  const onMove = (i: number, x: number, y: number) => {
    setLive((l) => ({ ...l, [i]: { ...l[i], x, y } }));
    const form = document.getElementById("group-badge") as HTMLFormElement | null;
    for (const [key, value] of [["x", x], ["y", y]] as const) {
      const input = form?.elements.namedItem(`elements[${i}].${key}`) as HTMLInputElement | null;
      if (input) input.value = String(value);
    }
  };

  if (print) {
    return (
      <section aria-labelledby="badge-print-heading">
        <h2 id="badge-print-heading">{t("badge.print_heading")}</h2>
        <p className="hint">{t("badge.print_hint", { width, height })}</p>
        <div className={`badge-print badge-print--${badge.size}`}>
          <BadgePreview size={badge.size} elements={badge.elements} samples={samples} label={label} />
        </div>
        <p className="actions">
          {hydrated ? (
            <button type="button" className="button" onClick={() => window.print()}>
              {t("badge.print")}
            </button>
          ) : null}
          <Link to={path}>{t("badge.back_to_builder")}</Link>
        </p>
      </section>
    );
  }

  return (
    <>
      <h2>{t("tab.badges")}</h2>
      <p className="hint">{t("tab_intro.badges")}</p>
      <ActionNotice notice={pageNotice(actionData)} />
      <div className="badge-stage">
        <BadgePreview size={badge.size} elements={elements} samples={samples} label={label} onMove={can.edit && hydrated ? onMove : undefined} />
      </div>
      <p>
        {can.edit && hydrated ? `${t("badge.drag_hint")} ` : null}
        <Link to={`${path}?print`}>{t("badge.print_preview")}</Link>
      </p>
      {can.edit ? (
        <>
          <section className="tab-section" aria-labelledby="badge-layout-heading">
            <h3 id="badge-layout-heading">{t("badge.layout_heading")}</h3>
            <BadgeForm
              key={JSON.stringify(badge.elements) + badge.size}
              badge={badge}
              action={path}
              lastResult={resultFor(actionData, "save")}
              onLive={(i, key, value) => setLive((l) => ({ ...l, [i]: { ...l[i], [key]: value } }))}
            />
          </section>
          <section className="tab-section" aria-labelledby="badge-add-heading">
            <h3 id="badge-add-heading">{t("badge.add_heading")}</h3>
            <AddElement key={badge.elements.length} badge={badge} action={path} lastResult={resultFor(actionData, "add")} personalAllowed={badge.personal_fields_allowed} />
          </section>
          {badge.elements.length > 0 ? (
            <section className="tab-section" aria-labelledby="badge-remove-heading">
              <h3 id="badge-remove-heading">{t("badge.remove_heading")}</h3>
              <RemoveElements badge={badge} action={path} />
            </section>
          ) : null}
        </>
      ) : (
        <ol className="badge-element-list" aria-label={t("badge.elements")}>
          {badge.elements.map((e, i) => (
            <li key={i}>{`${name(e, i)} — ${t("badge.placed", { x: e.x, y: e.y, width: e.width, height: e.height })}`}</li>
          ))}
        </ol>
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
