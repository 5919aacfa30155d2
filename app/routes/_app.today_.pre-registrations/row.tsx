/** One pre-registration of the list: who, when, where, what the visitor sent, and its actions. */
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { PreRegistration } from "@contract";
import { formatDateTimeAt } from "~/i18n/format";
import type { Locale } from "~/i18n/config";
import { SubmitButton } from "~/ui/form";
import { DeleteConfirm } from "~/ui/rows";

export interface RowCan {
  approve: boolean;
  signInOut: boolean;
}

function RowButton({ intent, p, back, label, variant = "secondary" }: { intent: string; p: PreRegistration; back: string; label: string; variant?: "primary" | "secondary" }) {
  return (
    <Form method="post" action="/today/pre-registrations" preventScrollReset>
      <input type="hidden" name="id" value={p.id} />
      <input type="hidden" name="name" value={p.name} />
      <input type="hidden" name="back" value={back} />
      <SubmitButton name="intent" value={intent} variant={variant}>
        {label}
        <span className="visually-hidden"> {p.name}</span>
      </SubmitButton>
    </Form>
  );
}

export function PreRegistrationRow({ p, can, locale, back }: { p: PreRegistration; can: RowCan; locale: Locale; back: string }) {
  const { t } = useTranslation("pre-registrations");
  const at = (iso: string) => formatDateTimeAt(iso, p.site.timezone, locale);
  return (
    <tr>
      <th scope="row">{p.name}</th>
      <td>
        {p.email}
        {p.company ? <div className="muted">{p.company}</div> : null}
      </td>
      <td>{at(p.arrive_at)}</td>
      <td>
        {p.site.name}
        <div className="muted">{p.group.name}</div>
      </td>
      <td>
        <span className={`tag tag--${p.status}`}>{t(`status.${p.status}`)}</span>
        {p.kind === "scheduled" ? (
          <div className="muted">
            {t("kind.scheduled")}: {p.service} · {p.employee?.name ?? ""} · {p.redisplay ? t(`redisplay.${p.redisplay}`) : ""}
          </div>
        ) : null}
      </td>
      <td>
        {p.details ? (
          <div data-testid="visitor-details">
            <span className="tag">{t("details.completed")}</span>
            {p.details.company ? <div>{t("details.company", { company: p.details.company })}</div> : null}
            {p.details.mobile ? <div>{t("details.mobile", { mobile: p.details.mobile })}</div> : null}
            {p.details.message ? <div>{t("details.message", { message: p.details.message })}</div> : null}
          </div>
        ) : (
          <span className="muted">{t("details.none")}</span>
        )}
        {p.fields.length ? (
          <dl className="muted" data-testid="visitor-fields">
            {p.fields.map((f, i) => (
              <div key={i}>
                <dt>{f.label}</dt>
                <dd>{f.value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        {p.documents.length ? (
          <ul aria-label={t("details.documents", { name: p.name })} data-testid="visitor-documents">
            {p.documents.map((d) => (
              <li key={d.id}>
                <a href={`/files/${d.file}`} download={d.filename}>
                  {d.filename}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {p.change_request ? (
          <div data-testid="change-request">
            <span className="tag">{p.change_request.kind === "cancel" ? t("change.cancel") : t("change.change", { when: p.change_request.arrive_at ? at(p.change_request.arrive_at) : "" })}</span>
            {p.change_request.message ? <div>{t("details.message", { message: p.change_request.message })}</div> : null}
          </div>
        ) : null}
      </td>
      <td>
        <div className="row-actions__group">
          {p.status === "pending" && can.approve ? (
            <>
              <RowButton intent="approve" p={p} back={back} label={t("actions.approve")} variant="primary" />
              <RowButton intent="decline" p={p} back={back} label={t("actions.decline")} />
            </>
          ) : null}
          {p.status === "expected" && can.signInOut ? <RowButton intent="sign-in" p={p} back={back} label={t("actions.sign_in")} variant="primary" /> : null}
          {can.signInOut ? (
            <DeleteConfirm action="/today/pre-registrations" id={p.id} name={p.name} question={t("actions.cancel_question", { name: p.name })} confirm={t("actions.cancel_confirm")} hidden={{ name: p.name, back }} />
          ) : null}
        </div>
      </td>
    </tr>
  );
}
