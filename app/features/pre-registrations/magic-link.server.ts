/**
 * The visitor's magic-link pages (ADR 019; platform §2: open without signing in). The token comes
 * in the link's query; the portal asks the upstream's public endpoints (no bearer token) what it
 * opens. Reading never consumes the link — a GET, a HEAD or a mail scanner's prefetch only shows
 * the form or why it cannot be used; only the visitor's POST consumes it. The page speaks the
 * visitor's language: the pre-registration's locale (as `?lng=`), unless the link already names one.
 */
import { data, redirect } from "@remix-run/node";
import type { MagicLinkPurpose, MagicLinkView } from "@contract";
import { answer, refused } from "~/forms/action-result.server";
import type { ActionResult } from "~/forms/action-result";
import { parseSubmission } from "~/forms/submission";
import { isLocale } from "~/i18n/config";
import { translator } from "~/i18n/i18n.server";
import { upstreamContext } from "~/session/request-context.server";
import { callUpstream } from "~/upstream/client.server";
import { UpstreamError } from "~/upstream/errors";
import { refusalResponse } from "~/upstream/refusal.server";
import { changeRequestSchema } from "./magic-schemas";
import { visitorFormAction } from "./visitor-form.server";

const TOKEN = /^[A-Za-z0-9_-]{20,200}$/;

function tokenOf(request: Request): string {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (!TOKEN.test(token)) throw new Response("Not found", { status: 404 });
  return token;
}

async function view(request: Request, token: string, purpose: MagicLinkPurpose): Promise<MagicLinkView> {
  try {
    return await callUpstream("magicLink", { ...(await upstreamContext(request)), body: { token, purpose } });
  } catch (err) {
    if (err instanceof UpstreamError && err.status === 404) throw new Response("Not found", { status: 404 });
    return refusalResponse(err);
  }
}

export async function magicLinkLoader(request: Request, purpose: MagicLinkPurpose) {
  const token = tokenOf(request);
  const link = await view(request, token, purpose);
  const url = new URL(request.url);
  if (!url.searchParams.has("lng") && isLocale(link.locale)) {
    url.searchParams.set("lng", link.locale);
    throw redirect(`${url.pathname}${url.search}`);
  }
  const { t, locale } = await translator(request, "pre-registrations");
  return { title: `${t(purpose === "pre-registration-form" ? "magic.form_title" : "magic.change_title")} · Gatehouse`, link, locale, action: `${url.pathname}${url.search}` };
}

/** The visitor's POST: parse → invalid | the upstream → refused (its 422s on the fields; a link no longer open says why) | thanks. */
export async function magicLinkAction(request: Request, purpose: MagicLinkPurpose) {
  const token = tokenOf(request);
  if (purpose === "pre-registration-form") return visitorFormAction(request, token);
  const form = await request.formData();
  const FORM = { intent: purpose };
  const submission = parseSubmission(form, { schema: changeRequestSchema });
  if (submission.status !== "success") return invalid(FORM, submission);
  const v = submission.value as Record<string, string | undefined>;
  try {
    await callUpstream("submitMagicLink", {
      ...(await upstreamContext(request)),
      body: { token, purpose, message: v.message ?? null, change: (v.change as "change" | "cancel" | undefined) ?? null, arrive_at: v.arrive_at ?? null },
    });
    return data<ActionResult & { sent: true }>({ intent: purpose, row: null, result: null, notice: null, sent: true });
  } catch (err) {
    if (err instanceof UpstreamError && err.status === 404) throw new Response("Not found", { status: 404 });
    // No longer open (used, expired or revoked while the form was open): the page reloads and says which.
    if (err instanceof UpstreamError && err.status === 409) return answer(FORM, {}, 409);
    return refused(err, { ...FORM, submission, fields: ["message", "change", "arrive_at"], upstreamFailed: "pre-registrations:errors.generic" });
  }
}

const invalid = (form: { intent: string }, submission: { reply: () => ActionResult["result"] }) => answer(form, { result: submission.reply() }, 400);
