/**
 * /manage/safety-check/sign-in-central-record — require a Central Record check at sign-in (Client.update
 * and the client's `central_record.enabled`; ADR 029): on or off, for the groups whose integrations tab
 * links Central Record or for chosen groups, the rating systems that must pass (none ticked: each
 * group's own), the minimum rating, and what happens when the record cannot be reached. A failing
 * record then rejects (hard) or flags (soft) the sign-in, in the group's safety-check mode.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireIntent } from "~/forms/intents.server";
import { requireAccess, requireEdit } from "~/access/guard.server";
import { resultFor } from "~/forms/action-result";
import { done, invalid, refused } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { CENTRAL_RECORD_PATH } from "~/features/safety-check/paths";
import { translator } from "~/i18n/i18n.server";
import { upstreamLoad } from "~/upstream/load.server";
import { CheckField, ChoiceList, FormErrors, initialValues, SelectField, SubmitButton, ValidatedForm } from "~/ui/form";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";
import { NoticeBanner } from "~/ui/notice";
import { useSchemaForm } from "~/ui/schema-form";
import { centralRecordSchema } from "./schema";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "safety-check")]);
  const page = await upstreamLoad(access.viewer.api("centralRecordSignIn", {}));
  return data({ title: `${t("central_record.title")} · Gatehouse`, page }, { headers: access.headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const access = await requireAccess(request);
  requireEdit(access);
  const form = await request.formData();
  const intent = requireIntent(form, "save");
  const submission = parseSubmission(form, { schema: centralRecordSchema });
  if (submission.status !== "success") return invalid(intent, submission);
  const v = submission.value;
  try {
    await access.viewer.api("updateCentralRecordSignIn", {
      body: { enabled: v.enabled ?? false, groups: v.groups, group_ids: v.group_ids ?? [], rating_systems: v.rating_systems ?? [], minimum_rating: v.minimum_rating, when_unreachable: v.when_unreachable },
    });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: ["enabled", "groups", "group_ids", "rating_systems", "minimum_rating", "when_unreachable"] });
  }
  return done(request, access.viewer, CENTRAL_RECORD_PATH, { key: "safety-check:central_record.saved", tone: "success" });
}

export default function CentralRecordAtSignIn() {
  const { page } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("safety-check");
  const s = page.settings;
  const [form, fields] = useSchemaForm("central-record-sign-in", centralRecordSchema, { ...s, enabled: s.enabled ? "on" : undefined, group_ids: s.group_ids.map(String) }, resultFor(answer, "save"));
  const f = (name: string) => (fields as unknown as Record<string, { initialValue?: unknown; errorId: string; errors?: string[] }>)[name]!;
  return (
    <section aria-labelledby="central-record-title" className="stack">
      <h2 id="central-record-title">{t("central_record.title")}</h2>
      <p className="hint">{t("central_record.intro")}</p>
      {page.error ? <NoticeBanner notice={{ key: "safety-check:central_record.unreachable", tone: "error" }} /> : null}
      <ValidatedForm form={form} action={CENTRAL_RECORD_PATH} preventScrollReset>
        <FormErrors formId={form.id} />
        <CheckField field={f("enabled") as never} label={t("central_record.enabled")} hint={t("central_record.enabled_hint")} />
        <SelectField field={f("groups") as never} label={t("central_record.groups")}>
          <option value="linked">{t("central_record.groups_linked")}</option>
          <option value="chosen">{t("central_record.groups_chosen")}</option>
        </SelectField>
        <ChoiceList
          legend={t("central_record.group_ids")}
          name="group_ids"
          type="checkbox"
          choices={page.groups.map((g) => ({ value: String(g.id), label: g.name, hint: g.linked ? t("central_record.linked") : undefined }))}
          checked={initialValues(f("group_ids").initialValue)}
          errorId={f("group_ids").errorId}
          errors={f("group_ids").errors}
          idPrefix="central-record-group"
        />
        <ChoiceList
          legend={t("central_record.rating_systems")}
          before={<p className="hint">{t("central_record.rating_systems_hint")}</p>}
          name="rating_systems"
          type="checkbox"
          choices={page.rating_systems.map((r) => ({ value: r.id, label: r.name }))}
          checked={initialValues(f("rating_systems").initialValue)}
          errorId={f("rating_systems").errorId}
          errors={f("rating_systems").errors}
          idPrefix="central-record-system"
        />
        <SelectField field={f("minimum_rating") as never} label={t("central_record.minimum_rating")}>
          <option value="pass">{t("central_record.minimum_pass")}</option>
          <option value="warning">{t("central_record.minimum_warning")}</option>
        </SelectField>
        <SelectField field={f("when_unreachable") as never} label={t("central_record.when_unreachable")}>
          <option value="reject">{t("central_record.unreachable_reject")}</option>
          <option value="allow_flagged">{t("central_record.unreachable_allow")}</option>
        </SelectField>
        <div className="actions">
          <SubmitButton name="intent" value="save">
            {t("central_record.save")}
          </SubmitButton>
        </div>
      </ValidatedForm>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
