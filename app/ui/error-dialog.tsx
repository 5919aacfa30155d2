/**
 * The global error dialog (platform §8: a failed action shows an error dialog titled with the
 * global error title, with the 422's first message or the generic failure message). A native
 * <dialog open>: without JavaScript it sits on the page and its Close button (method="dialog")
 * still closes it; with JavaScript it takes focus so the message is read first.
 */
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { ToneNotice } from "./notice";

export function ErrorDialog({ notice }: { notice: ToneNotice }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useEffect(() => {
    ref.current?.querySelector<HTMLButtonElement>("button")?.focus();
  }, []);
  const text = notice.key ? t(notice.key, notice.values ?? {}) : (notice.text ?? "");
  return (
    <dialog ref={ref} open className="error-dialog" role="alertdialog" aria-labelledby={titleId} aria-describedby={bodyId}>
      <h2 id={titleId}>
        <span aria-hidden="true">! </span>
        {t("common:errors.generic_title")}
      </h2>
      <p id={bodyId}>{text}</p>
      <form method="dialog">
        <button type="submit" className="button">
          {t("common:close")}
        </button>
      </form>
    </dialog>
  );
}
