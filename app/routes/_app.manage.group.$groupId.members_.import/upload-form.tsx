/**
 * The upload form: a plain multipart form (it works without JavaScript: the browser posts it, the
 * page answers with the preview or the reason). With JavaScript the file goes by XMLHttpRequest so
 * its progress shows; the answer is followed the same way (to the preview) or its message shown.
 */
import { useState, type FormEvent } from "react";
import { useNavigate } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MEMBER_IO_LIMITS } from "@contract";
import type { Notice } from "~/forms/action-result";
import { ActionNotice, NoticeBanner } from "~/ui/notice";

export function ImportUploadForm({ action, editable, notice, templateBase }: { action: string; editable: boolean; notice: Notice | null; templateBase: string }) {
  const { t } = useTranslation("members");
  const navigate = useNavigate();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const input = form.elements.namedItem("file") as HTMLInputElement | null;
    if (!input?.files?.length || typeof XMLHttpRequest === "undefined") return; // the browser posts it
    event.preventDefault();
    setFailure(null);
    setProgress(0);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", form.action);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) setProgress(Math.round((e.loaded * 100) / e.total));
    };
    xhr.onload = () => {
      const to = new URL(xhr.responseURL || form.action, window.location.href);
      if (xhr.status < 300 && to.searchParams.has("preview")) {
        navigate(to.pathname + to.search);
        return;
      }
      // The page's own answer (the same the browser shows without JavaScript): its message.
      const page = new DOMParser().parseFromString(xhr.responseText, "text/html");
      setFailure(page.querySelector("[data-import-answer]")?.textContent?.trim() || page.querySelector("h1")?.textContent?.trim() || t("import.upload.failed"));
      setProgress(null);
    };
    xhr.onerror = () => {
      setFailure(t("import.upload.failed"));
      setProgress(null);
    };
    xhr.send(new FormData(form));
  }

  return (
    <>
      <p>{t("import.upload.intro", { rows: MEMBER_IO_LIMITS.rows.toLocaleString(), megabytes: MEMBER_IO_LIMITS.bytes / (1024 * 1024) })}</p>
      <p>
        {t("import.upload.template")} <a href={`${templateBase}?format=csv`} download>{t("export.template_csv")}</a> · <a href={`${templateBase}?format=xlsx`} download>{t("export.template_xlsx")}</a>
      </p>
      <div data-import-answer>
        <ActionNotice notice={notice} />
      </div>
      {failure ? <NoticeBanner notice={{ text: failure, tone: "error" }} /> : null}
      {editable ? (
        <form method="post" action={action} encType="multipart/form-data" onSubmit={onSubmit} className="stack">
          <input type="hidden" name="intent" value="upload" />
          <div className="field">
            <label htmlFor="import-file">{t("import.upload.file")}</label>
            <p className="hint" id="import-file-hint">
              {t("import.upload.file_hint")}
            </p>
            <input id="import-file" name="file" type="file" required aria-describedby="import-file-hint" accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" />
          </div>
          {progress !== null ? (
            <p role="status">
              <label htmlFor="import-progress">{progress < 100 ? t("import.upload.progress", { percent: progress }) : t("import.upload.reading")}</label>{" "}
              <progress id="import-progress" max={100} value={progress}>
                {progress}%
              </progress>
            </p>
          ) : null}
          <div className="actions">
            <button type="submit" className="button button--primary" disabled={progress !== null}>
              {t("import.upload.submit")}
            </button>
          </div>
        </form>
      ) : (
        <p>{t("import.read_only")}</p>
      )}
    </>
  );
}
