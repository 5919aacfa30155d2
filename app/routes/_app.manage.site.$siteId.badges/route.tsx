/**
 * /manage/site/{id}/badges — the organisation's badge templates (groups spec §3 badge elements) and
 * the one this site prints: one of them, or none (PATCH sites/{id} `badge_id`). A radio group that
 * works without JavaScript; viewers see it read-only.
 */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { parseSubmission } from "~/forms/submission";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { redirectWithNotice } from "~/features/action-outcome.server";
import { EditableFields } from "~/ui/fields";
import { ActionNotice } from "~/ui/notice";
import { asNotice } from "~/forms/action-result";
import { badgeSchema } from "~/features/manage/site-tabs";
import { tabFailure } from "~/features/manage/site-tabs.server";
import { loadManagedSite, replyWith, requireSiteEditor, siteIdParam, upstreamFormErrors } from "~/features/manage/sites.server";
import { translator } from "~/i18n/i18n.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { ChoiceList, initialValues, ValidatedForm } from "~/ui/form";
import { upstreamLoad } from "~/upstream/load.server";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request)]);
  const { site, can } = await loadManagedSite(access, siteIdParam(params));
  const badges = await upstreamLoad(access.viewer.api("siteBadges", { params: { siteId: site.id } }));
  return data(
    { title: `${t("manage:site.tab.badges")} · ${site.name} · Gatehouse`, site: { id: site.id, name: site.name }, can, badges },
    { headers: access.headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { viewer, id, site } = await requireSiteEditor(request, params);
  const form = await request.formData();
  if (form.get("intent") !== "save") throw new Response("Bad request", { status: 400 });
  const submission = parseSubmission(form, { schema: badgeSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), error: null }, { status: 400 });
  const badgeId = submission.value.badge_id === "none" ? null : Number(submission.value.badge_id);
  try {
    await viewer.api("updateSite", { params: { siteId: id }, body: { badge_id: badgeId } });
  } catch (err) {
    const errors = upstreamFormErrors(err, ["badge_id"]);
    if (errors) return data({ result: replyWith(submission, errors), error: null }, { status: 422 });
    const failure = tabFailure(err, "common:errors.not_found_body");
    return data({ result: submission.reply(), error: failure.message }, { status: failure.status });
  }
  return redirectWithNotice(request, viewer, `/manage/site/${id}/badges`, { key: badgeId === null ? "manage:badges.saved_none" : "manage:badges.saved", values: { name: site.name }, tone: "success" });
}

export default function BadgesTab() {
  const { site, can, badges } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("manage");
  const [form, fields] = useForm<{ badge_id: string | undefined }, any>({
    id: "site-badge",
    lastResult: actionData?.result,
    defaultValue: { badge_id: badges.badge_id === null ? "none" : String(badges.badge_id) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: badgeSchema }),
    shouldValidate: "onSubmit",
  });
  const choices = [{ value: "none", label: t("badges.none"), hint: t("badges.none_hint") }, ...badges.badges.map((b) => ({ value: String(b.id), label: b.name, hint: t("badges.shows", { elements: b.elements.map((e) => t(`badges.element.${e}`)).join(", ") }) }))];
  return (
    <>
      <h2>{t("site.tab.badges")}</h2>
      <p className="hint">
        {t(badges.store_badges ? "badges.stored" : "badges.not_stored")} <Link to={`/manage/site/${site.id}/privacy`}>{t("badges.privacy_link")}</Link>
      </p>
      <ActionNotice notice={asNotice(actionData?.error)} />
      <ValidatedForm form={form} action={`/manage/site/${site.id}/badges`} preventScrollReset>
        <EditableFields editable={can.edit} legend={t("site.tab.badges")} formId={form.id} saveLabel={t("badges.save")}>
        <ChoiceList
          legend={t("badges.choose")}
          before={badges.badges.length === 0 ? <p className="muted">{t("badges.empty")}</p> : null}
          name={fields.badge_id.name}
          type="radio"
          idPrefix="badge"
          choices={choices}
          checked={initialValues(fields.badge_id.initialValue ?? "none")}
          errorId={fields.badge_id.errorId}
          errors={fields.badge_id.errors}
        />
        </EditableFields>
      </ValidatedForm>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
