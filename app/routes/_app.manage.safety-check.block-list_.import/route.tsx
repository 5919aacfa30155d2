/**
 * /manage/safety-check/block-list/import — add block-list entries from a CSV file (ADR 029; the
 * shape of ADR 018's member import, simpler): without `?preview=` the upload form and the template;
 * with it the kept preview (nothing added yet): every row to add, every refused row with its line
 * and why, and the apply form, which adds the rows in one transaction. Works without JavaScript.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BLOCK_LIST_IMPORT_HEADERS, BLOCK_LIST_LIMITS, SAFETY_CHECK_MESSAGES } from "@contract";
import { dispatch } from "~/forms/intents.server";
import { areaKey } from "~/forms/area-keys";
import { requireAccess, requireEdit, type Access } from "~/access/guard.server";
import { noticeOf, pageNotice } from "~/forms/action-result";
import { answer as answerWith, answerNotice, done, refused } from "~/forms/action-result.server";
import { BLOCK_LIST_PATH } from "~/features/safety-check/paths";
import { streamBlockListImport } from "~/features/safety-check/upload.server";
import { translator } from "~/i18n/i18n.server";
import { DataTable } from "~/ui/data-table";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { SubmitButton } from "~/ui/form";
import { pageTitle } from "~/ui/meta";
import { ActionNotice } from "~/ui/notice";
import { UpstreamError } from "~/upstream/errors";
import { upstreamLoad } from "~/upstream/load.server";

export const meta: MetaFunction<typeof loader> = pageTitle;

const IMPORT_PATH = `${BLOCK_LIST_PATH}/import`;
const TOKEN = /^[A-Za-z0-9_-]{10,64}$/;

export async function loader({ request }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "safety-check")]);
  const token = new URL(request.url).searchParams.get("preview") ?? "";
  let preview = null;
  let gone = false;
  if (TOKEN.test(token)) {
    try {
      preview = await upstreamLoad(access.viewer.api("blockListImport", { params: { importId: token } }));
    } catch (err) {
      if (!(err instanceof Response && err.status === 404) && !(err instanceof UpstreamError && err.status === 404)) throw err;
      gone = true;
    }
  }
  const list = preview ? await upstreamLoad(access.viewer.api("blockList", { query: { page: 1 } })) : null;
  return data({ title: `${t("import.title")} · Gatehouse`, preview, gone, sites: list?.sites ?? [] }, { headers: access.headers });
}

async function upload(request: Request, access: Access) {
  const form = { intent: "upload" };
  const outcome = await streamBlockListImport(request, access);
  if (outcome.ok) return done(request, access.viewer, `${IMPORT_PATH}?preview=${encodeURIComponent(outcome.preview.id)}`, { key: "safety-check:import.ready", tone: "info" });
  switch (outcome.reason) {
    case "too_large":
      return answerWith(form, { notice: noticeOf("safety-check:messages.fileTooLarge") }, 413);
    case "no_file":
      return answerNotice(form, "safety-check:import.choose_file", 400);
    case "unreadable":
      return answerNotice(form, "common:errors.bad_request_body", 400);
    case "refused":
      return refused(outcome.error, form);
  }
}

async function apply(request: Request, access: Access, form: FormData) {
  const token = String(form.get("preview") ?? "");
  if (!TOKEN.test(token)) throw new Response("Bad request", { status: 400 });
  try {
    const applied = await access.viewer.api("applyBlockListImport", { params: { importId: token } });
    return done(request, access.viewer, BLOCK_LIST_PATH, { key: "safety-check:import.applied", values: { n: applied.added }, tone: "success" });
  } catch (err) {
    return refused(err, { intent: "apply", notFound: "safety-check:messages.previewGone" });
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const access = await requireAccess(request);
  requireEdit(access);
  if (/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) return upload(request, access);
  const form = await request.formData();
  return dispatch(form, { apply: () => apply(request, access, form) }, null);
}

export default function BlockListImport() {
  const { preview, gone, sites } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("safety-check");
  const siteName = (id: number | null) => (id === null ? t("entry.every_site") : (sites.find((s) => s.id === id)?.name ?? `#${id}`));
  return (
    <section aria-labelledby="import-title" className="stack">
      <p>
        <a href={BLOCK_LIST_PATH}>{t("import.back")}</a>
      </p>
      <h2 id="import-title">{t("import.title")}</h2>
      {gone ? <ActionNotice notice={{ key: "safety-check:messages.previewGone", tone: "error" }} /> : null}
      <div data-import-answer>
        <ActionNotice notice={pageNotice(answer)} />
      </div>
      {preview ? (
        <>
          <p>{t("import.summary", { add: preview.add.length, refused: preview.refused_total, file: preview.filename })}</p>
          {preview.refused.length ? (
            <DataTable caption={t("import.refused_caption", { n: preview.refused_total })} columns={[t("import.line"), t("column.name"), t("import.reasons")]}>
              {preview.refused.map((r) => (
                <tr key={r.line}>
                  <th scope="row">{r.line}</th>
                  <td>{r.name ?? ""}</td>
                  <td>{r.reasons.map((m) => (REASON_KEYS[m] ? t(REASON_KEYS[m]) : m)).join(" · ")}</td>
                </tr>
              ))}
            </DataTable>
          ) : null}
          {preview.add.length ? (
            <DataTable caption={t("import.add_caption", { n: preview.add.length })} columns={[t("import.line"), t("column.name"), t("column.match"), t("column.reason"), t("column.site")]}>
              {preview.add.map((r) => (
                <tr key={r.line}>
                  <td>{r.line}</td>
                  <th scope="row">{r.name}</th>
                  <td>{r.fields.length ? r.fields.map((f) => `${f.label}: ${f.value}`).join(" · ") + ` (${r.match_rule === "all" ? t("match.all") : t("match.count_short", { n: r.match_count ?? 1 })})` : t("match.name_only")}</td>
                  <td>{r.reason ?? ""}</td>
                  <td>{siteName(r.site_id)}</td>
                </tr>
              ))}
            </DataTable>
          ) : null}
          <Form method="post" action={IMPORT_PATH} className="actions">
            <input type="hidden" name="preview" value={preview.id} />
            {preview.add.length ? (
              <SubmitButton name="intent" value="apply">
                {t("import.apply", { n: preview.add.length })}
              </SubmitButton>
            ) : null}
            <a className="button button--secondary" href={IMPORT_PATH}>
              {t("import.again")}
            </a>
          </Form>
        </>
      ) : (
        <>
          <p>{t("import.intro", { rows: BLOCK_LIST_LIMITS.importRows.toLocaleString(), megabytes: BLOCK_LIST_LIMITS.importBytes / (1024 * 1024), name: BLOCK_LIST_IMPORT_HEADERS.name, match: BLOCK_LIST_IMPORT_HEADERS.match, reason: BLOCK_LIST_IMPORT_HEADERS.reason, site: BLOCK_LIST_IMPORT_HEADERS.site })}</p>
          <p>
            <a href={`${BLOCK_LIST_PATH}/template`} download>
              {t("import.template")}
            </a>
          </p>
          <form method="post" action={IMPORT_PATH} encType="multipart/form-data" className="stack">
            <input type="hidden" name="intent" value="upload" />
            <div className="field">
              <label htmlFor="import-file">{t("import.file")}</label>
              <p className="hint" id="import-file-hint">
                {t("import.file_hint")}
              </p>
              <input id="import-file" name="file" type="file" required aria-describedby="import-file-hint" accept=".csv,text/csv" />
            </div>
            <div className="actions">
              <button type="submit" className="button button--primary">
                {t("import.submit")}
              </button>
            </div>
          </form>
        </>
      )}
    </section>
  );
}

/** A refused row's reasons are the upstream's words; those the contract states are translated (`safety-check:messages.*`). */
const REASON_KEYS: Record<string, string> = Object.fromEntries(Object.entries(SAFETY_CHECK_MESSAGES).map(([k, v]) => [v, areaKey("safety-check", k as keyof typeof SAFETY_CHECK_MESSAGES)]));

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
