/**
 * One group of the evacuation report: its evacuees, each with status, evacuation point and last
 * update, and (while the report is open, for its editors) the buttons that mark them.
 */
import { useFetcher } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { EvacuationReport, Evacuee } from "@contract";

export interface EvacueeGroupProps {
  group: { id: number; name: string; evacuees: Evacuee[] };
  path: string;
  editable: boolean;
  points: EvacuationReport["evacuation_points"];
  pointTitle: Map<number, string>;
  at: (iso: string) => string;
}

export function EvacueeGroup({ group: g, path, editable, points, pointTitle, at }: EvacueeGroupProps) {
  const { t } = useTranslation("evacuations");
  return (
    <section className="evacuation-report__group" aria-labelledby={`evac-group-${g.id}`}>
      <h2 id={`evac-group-${g.id}`}>
        {g.name}{" "}
        <span className="count-badge">
          {g.evacuees.filter((x) => x.status === "accounted_for").length}/{g.evacuees.length}
        </span>
      </h2>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t("report.column.name")}</th>
              <th scope="col">{t("report.column.status")}</th>
              <th scope="col">{t("report.column.point")}</th>
              <th scope="col">{t("report.column.updated")}</th>
              {editable ? (
                <th scope="col" className="no-print">
                  {t("report.column.mark")}
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {g.evacuees.map((x) => (
              <tr key={x.id} data-evacuee-id={x.id} data-status={x.status}>
                <th scope="row">
                  {x.name}
                  {x.company ? <span className="muted"> · {x.company}</span> : null}
                </th>
                <td>
                  <span className={`evacuee-status evacuee-status--${x.status}`}>{t(`evacuee_status.${x.status}`)}</span>
                </td>
                <td>{x.evacuation_point_id ? (pointTitle.get(x.evacuation_point_id) ?? "") : ""}</td>
                <td>{x.updated_at ? t("report.updated", { time: at(x.updated_at), name: x.updated_by ?? "" }) : ""}</td>
                {editable ? (
                  <td className="no-print">
                    <MarkForm path={path} evacuee={x} points={points} />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

const MARKS = ["accounted_for", "missing", "left_site", "unaccounted"] as const;

/**
 * One evacuee's status buttons (the current one pressed), with the row's evacuation point sent
 * along. A fetcher per evacuee, so several rows can be marked at once; its answer is a redirect
 * with the outcome, and the live event updates every other viewer.
 */
function MarkForm({ path, evacuee, points }: { path: string; evacuee: Evacuee; points: EvacuationReport["evacuation_points"] }) {
  const { t } = useTranslation("evacuations");
  const fetcher = useFetcher({ key: `evacuee-${evacuee.id}` });
  const busy = fetcher.state !== "idle";
  const pending = busy ? fetcher.formData?.get("status") : null;
  return (
    <fetcher.Form method="post" action={path} preventScrollReset className="mark-form" aria-busy={busy || undefined}>
      <input type="hidden" name="intent" value="mark" />
      <input type="hidden" name="evacueeId" value={evacuee.id} />
      <input type="hidden" name="name" value={evacuee.name} />
      {points.length > 0 ? (
        <select name="pointId" defaultValue={evacuee.evacuation_point_id ?? ""} aria-label={t("report.point_for", { name: evacuee.name })} key={`${evacuee.id}-${evacuee.evacuation_point_id ?? ""}`}>
          <option value="">{t("report.no_point")}</option>
          {points.map((p) => (
            <option key={p.id} value={p.id}>
              {p.title}
            </option>
          ))}
        </select>
      ) : null}
      {MARKS.map((s) => (
        <button
          key={s}
          type="submit"
          name="status"
          value={s}
          className={`button button--small ${s === evacuee.status ? "button--pressed" : "button--secondary"}`}
          aria-pressed={s === evacuee.status}
          aria-label={t(`report.mark.${s}`, { name: evacuee.name })}
          disabled={busy}
        >
          {pending === s ? <span className="spinner" aria-hidden="true" /> : null}
          {t(`evacuee_status.${s}`)}
        </button>
      ))}
    </fetcher.Form>
  );
}
