/** The evacuation report's comments, and its participants, offline devices and bookings. */
import { useTranslation } from "react-i18next";
import type { EvacuationReport } from "@contract";
import { BookingLists } from "~/features/evacuations/booking-lists";

export function ReportSide({ report, at }: { report: EvacuationReport; at: (iso: string) => string }) {
  const { t } = useTranslation("evacuations");
  const evacueeName = new Map(report.evacuees.map((x) => [x.id, x.name]));
  return (
    <>
    <section aria-labelledby="comments-heading" className="evacuation-report__comments">
      <h2 id="comments-heading">
        {t("report.comments")} <span className="count-badge">{report.comments.length}</span>
      </h2>
      {report.comments.length === 0 ? <p className="muted">{t("report.no_comments")}</p> : null}
      <ol className="comment-list" data-testid="comments">
        {report.comments.map((c) => (
          <li key={c.id}>
            <p className="comment-list__meta">
              <strong>{c.author}</strong> · {at(c.created_at)}
              {c.evacuation_evacuee_id ? ` · ${t("report.about", { name: evacueeName.get(c.evacuation_evacuee_id) ?? "" })}` : ""}
            </p>
            <p className="comment-list__body">{c.content}</p>
          </li>
        ))}
      </ol>
    </section>

    <div className="evacuation-report__side">
      <section aria-labelledby="participants-heading">
        <h2 id="participants-heading">{t("report.participants")}</h2>
        {report.participants.length === 0 ? (
          <p className="muted">{t("report.none")}</p>
        ) : (
          <ul>
            {report.participants.map((p) => {
              const via = report.accessed_via.find((a) => a.participant_id === p.id)?.via;
              return (
                <li key={p.id}>
                  {p.name}
                  {via ? <span className="muted"> · {t(`via.${via}`)}</span> : null}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <section aria-labelledby="offline-heading">
        <h2 id="offline-heading">{t("report.offline_devices")}</h2>
        {report.offline_devices.length === 0 ? (
          <p className="muted">{t("report.none")}</p>
        ) : (
          <ul>
            {report.offline_devices.map((x) => (
              <li key={x.id}>
                <span aria-hidden="true">✕ </span>
                {x.name}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="bookings-heading">
        <h2 id="bookings-heading">{t("report.bookings")}</h2>
        {report.bookings.length === 0 ? (
          <p className="muted">{t("report.none")}</p>
        ) : (
          <BookingLists bookings={report.bookings} />
        )}
      </section>
    </div>
    </>
  );
}
