/** Add a site or an event (a dialog over the overview): loader and action, shared by the two routes. */
import type { Site } from "@contract";
import { parseSubmission } from "~/forms/submission";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { LOCALE_NAMES, type Locale } from "~/i18n/config";
import { requireAccess } from "~/access/guard.server";
import { answer, done, invalid, refused } from "~/forms/action-result.server";
import type { Viewer } from "~/session/auth.server";
import { translator } from "~/i18n/i18n.server";
import { UpstreamError } from "~/upstream/errors";
import { instantAt } from "./local-time";
import { newSiteSchema, timezones } from "./schemas";
import { NEW_SITE_INTENT } from "./new-site";
import type { SiteKind } from "./sites.server";

const FIELDS = ["name", "type", "reply_to_email", "timezone", "locale", "active_from", "active_until"] as const;

// Who may add a site or an event is the access table's rule of /manage/overview/{kind}/new.
export async function newSiteLoader({ request }: LoaderFunctionArgs, kind: SiteKind) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request)]);
  const first = access.config.sites[0];
  return {
    title: `${t(`sites:new.${kind}.heading`)} · Gatehouse`,
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
  return limit ? `sites:errors.site_limit|${JSON.stringify({ limit: Number(limit) })}` : null;
}

export async function newSiteAction({ request }: ActionFunctionArgs, kind: SiteKind) {
  const { viewer } = await requireAccess(request);
  return create(request, viewer, await request.formData(), kind);
}

/** Add the site or event (an event's dates in its zone); then its details tab. */
async function create(request: Request, viewer: Viewer, form: FormData, kind: SiteKind) {
  const intent = { intent: NEW_SITE_INTENT };
  const event = kind === "events";
  const submission = parseSubmission(form, { schema: newSiteSchema(event) });
  if (submission.status !== "success") return invalid(intent, submission);
  const v = submission.value as { name: string; type?: "standard" | "remote"; reply_to_email: string; timezone: string; locale: Locale; active_from?: string; active_until?: string };
  let site: Site;
  try {
    site = await viewer.api("createSite", {
      body: {
        type: event ? "event" : (v.type ?? "standard"),
        name: v.name,
        reply_to_email: v.reply_to_email,
        timezone: v.timezone,
        locale: v.locale,
        ...(event ? { active_from: instantAt(v.active_from!, v.timezone), active_until: instantAt(v.active_until!, v.timezone) } : {}),
      },
    });
  } catch (err) {
    const limit = siteLimitError(err);
    if (limit) return answer(intent, { result: submission.reply({ formErrors: [limit] }) }, 422);
    // The upstream unreachable or failing says so on the form, keeping what was typed
    // (platform §8: "Could not create event. Please try again").
    return refused(err, { ...intent, submission, fields: FIELDS, upstreamFailed: `sites:new.${kind}.failed` });
  }
  return done(request, viewer, `/manage/site/${site.id}/details`, { key: `sites:new.${kind}.added`, values: { name: site.name }, tone: "success" });
}
