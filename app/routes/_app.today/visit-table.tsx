/** Today's table of visits (one group, or the pending sign-ins), each row with its action button. */
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Visit } from "@contract";
import { LocationLink } from "~/features/today/location";
import { SafetyFlag } from "~/features/safety-check/flag";
import type { Locale } from "~/i18n/config";
import { formatTimeAt } from "~/i18n/format";

export function VisitTable({
  visits,
  timezone,
  locale,
  can,
  pendingList = false,
}: {
  visits: Visit[];
  timezone: string;
  locale: Locale;
  can: { signInOut: boolean; approve: boolean; locations: boolean };
  pendingList?: boolean;
}) {
  const { t } = useTranslation("today");
  const showLocation = can.locations && visits.some((v) => v.location);
  const acts = pendingList ? can.approve : can.signInOut;
  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">{t("column.name")}</th>
            <th scope="col">{t("column.company")}</th>
            <th scope="col">{t("column.host")}</th>
            <th scope="col">{pendingList ? t("column.requested") : t("column.signed_in")}</th>
            <th scope="col">{t("column.source")}</th>
            {showLocation ? <th scope="col">{t("column.location")}</th> : null}
            {acts ? <ActionsHeader /> : null}
          </tr>
        </thead>
        <tbody>
          {visits.map((v) => (
            <tr key={v.id} data-visit-id={v.id}>
              <VisitNameCell visit={v}>{pendingList ? <span className="muted"> · {v.group.name}</span> : null}</VisitNameCell>
              <td>{v.company ?? ""}</td>
              <td>{v.host ?? ""}</td>
              <td>{formatTimeAt(v.signed_in_at ?? v.created_at, timezone, locale)}</td>
              <td>{t(`source.${v.source}`)}</td>
              {showLocation ? <td>{v.location ? <LocationLink location={v.location} /> : ""}</td> : null}
              {acts ? (
                <td className="row-actions">
                  {pendingList ? (
                    <RowAction intent="approve" visit={v} label={t("approve", { name: v.name })} text={t("approve_short")} />
                  ) : (
                    <RowAction intent="sign-out" visit={v} label={t("sign_out", { name: v.name })} text={t("sign_out_short")} />
                  )}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The actions column's header (named for screen readers only). */
export function ActionsHeader() {
  const { t } = useTranslation("today");
  return (
    <th scope="col">
      <span className="visually-hidden">{t("column.actions")}</span>
    </th>
  );
}

/** A row's header: the person's name, opening the visit details dialog. */
export function VisitNameCell({ visit, children }: { visit: Visit; children?: React.ReactNode }) {
  return (
    <th scope="row">
      <Link to={`/today/visits/${visit.id}/details`}>{visit.name}</Link>
      {visit.safety_flag && visit.status !== "rejected" ? (
        <>
          {" "}
          <SafetyFlag visit={visit} />
        </>
      ) : null}
      {children}
    </th>
  );
}

/**
 * One row's button: a plain form post (a navigation, not a fetcher — the row may leave the list
 * through a live event before the answer comes, and an unmounted fetcher's redirect, which
 * carries the outcome message, would be dropped). Busy while its own submission is in flight.
 */
export function RowAction({ intent, visit, label, text }: { intent: "sign-out" | "approve" | "return"; visit: Visit; label: string; text: string }) {
  const navigation = useNavigation();
  const { t } = useTranslation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent && navigation.formData?.get("visitId") === String(visit.id);
  return (
    <Form method="post" action="/today" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="visitId" value={visit.id} />
      <input type="hidden" name="name" value={visit.name} />
      <button type="submit" className="button button--secondary button--small" aria-label={label} aria-busy={busy || undefined} disabled={busy}>
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        {text}
        {busy ? <span className="visually-hidden">{t("working")}</span> : null}
      </button>
    </Form>
  );
}

