/**
 * A visitor form's public link, server side (ADR 030; platform §2: /magic-link/* is open without
 * signing in). The token is the path's; the portal asks the upstream's public endpoints (no bearer
 * token) what it shows. A deleted or disabled form answers 410, a token never issued 404: both
 * "Form no longer exists" (groups spec §8), in the visitor's language. The POST is the visitor's
 * pre-registration: parse → invalid | the upstream → refused (422 on the fields, 429 throttled) |
 * a redirect to the thanks (PRG; `?sent=pending|expected`).
 */
import { data, redirect } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import type { FormLinkView } from "@contract";
import { requireIntent } from "~/forms/intents.server";
import { answer, invalid, refused } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { sanitizeMessageHtml } from "~/features/manage/rich-text.server";
import { translator } from "~/i18n/i18n.server";
import { upstreamContext } from "~/session/request-context.server";
import { callUpstream } from "~/upstream/client.server";
import { UpstreamError } from "~/upstream/errors";
import { refusalResponse } from "~/upstream/refusal.server";
import { FORM_LINK_FIELDS, formLinkSchema } from "./schema";

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;
const FORM = { intent: "pre-register" };

/** The link's token, or null when it cannot be one (answered as a form that does not exist). */
const tokenOf = (params: Params) => (TOKEN.test(params.token ?? "") ? params.token! : null);

type Found = { form: FormLinkView; status: 200 } | { form: null; status: 404 | 410 };

async function view(request: Request, token: string | null): Promise<Found> {
  if (!token) return { form: null, status: 404 };
  try {
    const form = await callUpstream("formLink", { ...(await upstreamContext(request)), body: { token } });
    return { form: { ...form, intro: form.intro ? sanitizeMessageHtml(form.intro) : null }, status: 200 };
  } catch (err) {
    if (err instanceof UpstreamError && (err.status === 404 || err.status === 410)) return { form: null, status: err.status };
    return refusalResponse(err);
  }
}

export async function formLinkLoader(request: Request, params: Params) {
  const [{ t }, found] = await Promise.all([translator(request, "features"), view(request, tokenOf(params))]);
  const sent = new URL(request.url).searchParams.get("sent");
  return data(
    {
      title: `${found.form?.name ?? t("forms.link.gone_title")} · Gatehouse`,
      form: found.form,
      sent: found.form && (sent === "pending" || sent === "expected") ? sent : null,
    },
    { status: found.status, headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } },
  );
}

export async function formLinkAction(request: Request, params: Params) {
  const token = tokenOf(params);
  if (!token) return data({ ...FORM, row: null, result: null, notice: { key: "features:forms.messages.gone", tone: "error" as const } }, { status: 404 });
  const form = await request.formData();
  requireIntent(form, FORM.intent);
  const submission = parseSubmission(form, { schema: formLinkSchema });
  if (submission.status !== "success") return invalid(FORM, submission);
  const context = await upstreamContext(request);
  let status: "pending" | "expected";
  try {
    ({ status } = await callUpstream("submitFormLink", { ...context, body: { token, ...submission.value, locale: context.locale } }));
  } catch (err) {
    // Deleted or disabled while the visitor was typing: the page says so.
    if (err instanceof UpstreamError && (err.status === 404 || err.status === 410)) return answer(FORM, { notice: { key: "features:forms.messages.gone", tone: "error" } }, err.status);
    return refused(err, { ...FORM, submission, fields: FORM_LINK_FIELDS });
  }
  const url = new URL(request.url);
  return redirect(`${url.pathname}?sent=${status}`, { status: 303 });
}
