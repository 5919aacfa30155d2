/**
 * An editor's controls for one point: edit (`?edit=<id>`), move up or down (the first has no "up",
 * the last no "down"), and delete after a confirmation step (`?delete=<id>`, a page state: works
 * without JavaScript). Each names its point for screen readers.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SubmitButton } from "~/ui/form";
import type { ShownPoint } from "./point-summary";

export function PointActions({ point, path, first, last }: { point: ShownPoint; path: string; first: boolean; last: boolean }) {
  const { t } = useTranslation("manage");
  // Which point each control is about, for screen readers (the visible text stays short).
  const which = <span className="visually-hidden"> ({point.title})</span>;
  return (
    <div className="point-actions">
      <Link to={`${path}?edit=${point.id}`} className="button button--secondary" preventScrollReset>
        {t("evacuationpoints.edit")}
        {which}
      </Link>
      {first && last ? null : (
        <Form method="post" action={path} preventScrollReset className="point-actions__move">
          <input type="hidden" name="pointId" value={point.id} />
          {first ? null : (
            <SubmitButton name="intent" value="move-up" variant="secondary">
              {t("evacuationpoints.move_up")}
              {which}
            </SubmitButton>
          )}
          {last ? null : (
            <SubmitButton name="intent" value="move-down" variant="secondary">
              {t("evacuationpoints.move_down")}
              {which}
            </SubmitButton>
          )}
        </Form>
      )}
      <Link to={`${path}?delete=${point.id}`} className="button button--secondary" preventScrollReset>
        {t("evacuationpoints.delete")}
        {which}
      </Link>
    </div>
  );
}

export function ConfirmDelete({ point, path }: { point: ShownPoint; path: string }) {
  const { t } = useTranslation("manage");
  return (
    <section className="danger-zone" aria-labelledby={`delete-point-${point.id}`}>
      <h4 id={`delete-point-${point.id}`}>{t("evacuationpoints.delete_heading", { title: point.title })}</h4>
      <p>{t("evacuationpoints.delete_warning")}</p>
      <Form method="post" action={path} preventScrollReset className="actions">
        <input type="hidden" name="pointId" value={point.id} />
        <SubmitButton name="intent" value="delete">
          {t("evacuationpoints.delete_confirm")}
        </SubmitButton>
        <Link to={path} preventScrollReset>
          {t("evacuationpoints.cancel")}
        </Link>
      </Form>
    </section>
  );
}
