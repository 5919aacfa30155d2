/**
 * The answer of a request refused at the front (too large, or holding control characters): a
 * small page in the user's language (the `?lng=` parameter, the language cookie, then
 * Accept-Language), with its status and the request id, never an echo of what was sent and never
 * a stack trace. A Remix data request (`….data`, single fetch) gets an error response the client
 * shows in the route's error boundary instead of a page it could not decode.
 */
import fs from "node:fs";
import path from "node:path";
import { createCookie } from "@remix-run/node";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { encode } from "turbo-stream";
import { DEFAULT_LOCALE, isLocale, matchLocale, parseAcceptLanguage, toLanguageTag, type Locale } from "../i18n/config.js";
import type { Refusal } from "./body.js";

/** The same cookie as `localeCookie` in app/i18n/i18n.server.ts (read only). */
const languageCookie = createCookie("gh_lng", { path: "/", sameSite: "lax", httpOnly: true });

type Texts = { errors: Record<string, string>; refused: Record<string, string> };
const texts = new Map<Locale, Texts>();

function textsOf(locale: Locale): Texts {
  let t = texts.get(locale);
  if (!t) {
    try {
      const common = JSON.parse(fs.readFileSync(path.resolve(process.cwd(), "locales", locale, "common.json"), "utf8")) as Partial<Texts>;
      t = { errors: common.errors ?? {}, refused: common.refused ?? {} };
    } catch {
      t = { errors: {}, refused: {} };
    }
    texts.set(locale, t);
  }
  return t;
}

async function localeOf(req: ExpressRequest): Promise<Locale> {
  const q = req.originalUrl.indexOf("?");
  const lng = q < 0 ? null : new URLSearchParams(req.originalUrl.slice(q + 1)).get("lng");
  if (isLocale(lng)) return lng;
  try {
    const fromCookie = await languageCookie.parse(req.headers.cookie ?? null);
    if (isLocale(fromCookie)) return fromCookie;
  } catch {
    // A malformed cookie: fall through to Accept-Language.
  }
  return matchLocale(parseAcceptLanguage(req.headers["accept-language"] ?? null)) ?? DEFAULT_LOCALE;
}

export const REFUSAL_STATUS: Record<Refusal, 400 | 405 | 411 | 413 | 415> = {
  too_large: 413,
  control_characters: 400,
  length_required: 411,
  method_not_allowed: 405,
  unsupported_type: 415,
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The texts of a refusal in a locale (en_GB for a missing key). */
export function refusalTexts(locale: Locale, reason: Refusal, requestId: string) {
  const pick = (section: keyof Texts, key: string) => textsOf(locale)[section][key] ?? textsOf(DEFAULT_LOCALE)[section][key] ?? key;
  return {
    title: reason === "too_large" ? pick("refused", "too_large_title") : pick("errors", "bad_request_title"),
    body:
      reason === "too_large"
        ? pick("refused", "too_large_body")
        : reason === "control_characters"
          ? pick("refused", "control_characters_body")
          : pick("errors", "bad_request_body"),
    reference: pick("refused", "reference").replace("{{requestId}}", requestId),
    home: pick("errors", "back_home"),
  };
}

/** Whether a request is a Remix single-fetch data request (`/path.data`, `/_root.data`). */
export const isDataRequest = (req: ExpressRequest) => req.path.endsWith(".data");

export async function sendRefusal(req: ExpressRequest, res: ExpressResponse, reason: Refusal) {
  const status = REFUSAL_STATUS[reason];
  const requestId = String(res.locals.requestId ?? "");
  res.setHeader("Cache-Control", "no-store");
  if (isDataRequest(req)) {
    // What the server runtime sends for a thrown Response, so the client's error boundary shows it
    // (common:refused.* by its data). A GET asks for loaders by route id: the root's error is shown.
    const error = new RefusedResponse(status, `refused.${reason}`);
    const value = req.method === "GET" || req.method === "HEAD" ? { root: { error } } : { error };
    const stream = encode(value, {
      plugins: [(v: unknown) => (v instanceof RefusedResponse ? ["ErrorResponse", v.data, v.status, v.statusText] : false)],
    });
    const body = await new Response(stream).text();
    res.status(status).setHeader("Content-Type", "text/x-script");
    res.setHeader("X-Remix-Response", "yes");
    res.end(body);
    return;
  }
  const locale = await localeOf(req);
  const t = refusalTexts(locale, reason, requestId);
  const html = `<!DOCTYPE html>
<html lang="${toLanguageTag(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(t.title)}</title></head>
<body><main id="main" class="auth-page"><section class="card" aria-labelledby="error-title">
<p class="eyebrow">${status}</p>
<h1 id="error-title">${escapeHtml(t.title)}</h1>
<p class="error">${escapeHtml(t.body)}</p>
<p>${escapeHtml(t.reference)}</p>
<p><a href="/">${escapeHtml(t.home)}</a></p>
</section></main></body></html>`;
  res.status(status).type("html").send(html);
}

class RefusedResponse {
  readonly statusText = "";
  constructor(
    readonly status: number,
    readonly data: string,
  ) {}
}
