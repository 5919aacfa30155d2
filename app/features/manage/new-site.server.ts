/** Add a site or an event (a dialog over the overview): loader and action, shared by the two routes. */
import { parseSubmission } from "~/forms/submission";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { LOCALE_NAMES, type Locale } from "~/i18n/config";
import { requireAccess } from "~/access/guard.server";
import { redirectWithNotice } from "~/features/action-outcome.server";
import { refusalOf } from "~/upstream/refusal.server";
import { translator } from "~/i18n/i18n.server";
import { UpstreamError } from "~/upstream/errors";
import { instantAt } from "./local-time";
import { newSiteSchema, timezones } from "./schemas";
import { replyWith, upstreamFormErrors, type SiteKind } from "./sites.server";

const FIELDS = ["name", "type", "reply_to_email", "timezone", "locale", "active_from", "active_until"] as const;

// Who may add a site or an event is the access table's rule of /manage/overview/{kind}/new.
export async function newSiteLoader({ request }: LoaderFunctionArgs, kind: SiteKind) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request)]);
  const first = access.config.sites[0];
  return {
    title: `${t(`manage:new.${kind}.heading`)} · Gatehouse`,
    kind,
    timezones: timezones(),
    locales: Object.entries(LOCALE_NAMES).map(([value, label]) => ({ value, label })),
    defaults: { timezone: first?.timezone ?? "Europe/London", locale: (access.viewer.locale as Locale) ?? "en_GB" },
  };
}

/** The site limit's refusal, in the user's language (platform §8: "You have reached your site limit of {limit}"). */
function siteLimitError(err: unknown): string | null {
  if (!(err instanceof UpstreamError) || err.status !== 422 || !err.body.errors?.site_limit) return null;
  const limit = /(\d+)\s*$/.exec(err.body.errors.site_limit[0] ?? "")?.[1];
  return limit ? `manage:errors.site_limit|${JSON.stringify({ limit: Number(limit) })}` : null;
}

export async function newSiteAction({ request }: ActionFunctionArgs, kind: SiteKind) {
  const { viewer } = await requireAccess(request);
  const form = await request.formData();
  const event = kind === "events";
  const submission = parseSubmission(form, { schema: newSiteSchema(event) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const v = submission.value as { name: string; type?: "standard" | "remote"; reply_to_email: string; timezone: string; locale: Locale; active_from?: string; active_until?: string };
  try {
    const site = await viewer.api("createSite", {
      body: {
        type: event ? "event" : (v.type ?? "standard"),
        name: v.name,
        reply_to_email: v.reply_to_email,
        timezone: v.timezone,
        locale: v.locale,
        ...(event ? { active_from: instantAt(v.active_from!, v.timezone), active_until: instantAt(v.active_until!, v.timezone) } : {}),
      },
    });
    return redirectWithNotice(request, viewer, `/manage/site/${site.id}/details`, { key: `manage:new.${kind}.added`, values: { name: site.name }, tone: "success" });
  } catch (err) {
    const limit = siteLimitError(err);
    if (limit) return data({ result: submission.reply({ formErrors: [limit] }) }, { status: 422 });
    const errors = upstreamFormErrors(err, FIELDS);
    if (errors) return data({ result: replyWith(submission, errors) }, { status: 422 });
    // Anything else keeps its meaning (a 403 is Forbidden); the upstream unreachable or failing says
    // so on the form, keeping what was typed (platform §8: "Could not create event. Please try again").
    const refusal = refusalOf(err);
    const message = refusal.upstreamFailed ? `manage:new.${kind}.failed` : refusal.message;
    return data({ result: submission.reply({ formErrors: [message] }) }, { status: refusal.status });
  }
}
