/**
 * The history's export form (ADR 025): format and range, the list's other filters carried over.
 * Without JavaScript it is a GET to the history page, which refuses a bad range there or sends the
 * browser on to the streamed download. With JavaScript the range is checked here first (the same
 * `rangeProblem`), then the file is fetched as a stream with a progress indicator (bytes received)
 * and saved; a failure says so ("The export failed. Please try again.").
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { HISTORY_FILTERS, historyExportFirstDay, RANGE_LIMITS, rangeField, rangeProblem } from "@contract";

type Status = { kind: "idle" } | { kind: "running"; bytes: number } | { kind: "done"; name: string } | { kind: "failed" };

const daysBefore = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

function fileName(disposition: string | null, fallback: string): string {
  const m = /filename="([^"]+)"/.exec(disposition ?? "");
  return m?.[1] ?? fallback;
}

export function ExportForm({ filters, errors, format, today }: { filters: Record<string, string>; errors: Record<string, string[]> | null; format: string; today: string }) {
  const { t } = useTranslation("history");
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const [clientErrors, setClientErrors] = useState<Record<string, string[]> | null>(null);
  const shown = clientErrors ?? errors;
  const from = filters.from || daysBefore(today, RANGE_LIMITS.exportMaxDays - 1);
  const to = filters.to || today;

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const fd = new FormData(e.currentTarget);
    const f = String(fd.get("from") ?? "");
    const tday = String(fd.get("to") ?? "");
    const problem = rangeProblem(f, tday, { maxDays: RANGE_LIMITS.exportMaxDays, notBefore: historyExportFirstDay(today) });
    if (problem) {
      setClientErrors({ [rangeField(problem, f, tday)]: [`range.${problem}`] });
      return;
    }
    setClientErrors(null);
    const query = new URLSearchParams();
    query.set("format", String(fd.get("export") ?? "csv"));
    for (const k of HISTORY_FILTERS) {
      const v = String(fd.get(k) ?? "");
      if (v) query.set(k, v);
    }
    setStatus({ kind: "running", bytes: 0 });
    try {
      const res = await fetch(`/reports/history/export?${query}`, { credentials: "same-origin" });
      const type = res.headers.get("content-type") ?? "";
      if (!res.ok || res.redirected || type.startsWith("text/html") || !res.body) throw new Error(`export ${res.status}`);
      const reader = res.body.getReader();
      const chunks: Uint8Array[] = [];
      let bytes = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        bytes += value.byteLength;
        setStatus({ kind: "running", bytes });
      }
      const name = fileName(res.headers.get("content-disposition"), `history.${query.get("format")}`);
      const url = URL.createObjectURL(new Blob(chunks as BlobPart[], { type }));
      const a = document.createElement("a");
      a.href = url;
      a.download = name;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setStatus({ kind: "done", name });
    } catch {
      setStatus({ kind: "failed" });
    }
  }

  const error = (name: string) =>
    shown?.[name]?.length ? (
      <p className="field__error" id={`export-${name}-error`}>
        {shown[name].map((k) => t(k.replace(/^history:/, ""))).join(" ")}
      </p>
    ) : null;
  const described = (name: string) => (shown?.[name]?.length ? { "aria-invalid": true, "aria-describedby": `export-${name}-error` } : {});
  return (
    <form method="get" action="/reports/history" className="filter-bar history-export" aria-label={t("export.title")} onSubmit={onSubmit}>
      {(["site_id", "group_id", "q", "status"] as const).map((k) => (filters[k] ? <input key={k} type="hidden" name={k} value={filters[k]} /> : null))}
      <div className="field field--inline">
        <label htmlFor="export-format">{t("export.format")}</label>
        <select id="export-format" name="export" defaultValue={format} {...described("format")}>
          <option value="csv">CSV</option>
          <option value="xlsx">Excel (XLSX)</option>
        </select>
        {error("format")}
      </div>
      <div className="field field--inline">
        <label htmlFor="export-from">{t("export.from")}</label>
        <input id="export-from" name="from" type="date" max="2037-12-31" defaultValue={from} key={`ef${from}`} {...described("from")} />
        {error("from")}
      </div>
      <div className="field field--inline">
        <label htmlFor="export-to">{t("export.to")}</label>
        <input id="export-to" name="to" type="date" max="2037-12-31" defaultValue={to} key={`et${to}`} {...described("to")} />
        {error("to")}
      </div>
      <button type="submit" className="button" disabled={status.kind === "running"} aria-busy={status.kind === "running" || undefined}>
        {t("export.submit")}
      </button>
      <p className="muted">{t("export.hint")}</p>
      <div role="status" aria-live="polite" className="history-export__status">
        {status.kind === "running" ? (
          <>
            <progress aria-label={t("export.progress_label")} />
            {t("export.progress", { kb: Math.round(status.bytes / 1024) })}
          </>
        ) : status.kind === "done" ? (
          t("export.done", { name: status.name })
        ) : null}
      </div>
      {status.kind === "failed" ? (
        <p role="alert" className="field__error">
          {t("export.failed")}
        </p>
      ) : null}
    </form>
  );
}
