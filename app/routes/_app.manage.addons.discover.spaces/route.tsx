/**
 * /manage/addons/discover/spaces — discovering Spaces (platform §2: Spaces.editor and no site has
 * a space; issue 26 item 8; ADR 036): what Spaces does, its price per site per year in the client's
 * currency, and a form to start the 15-day trial at the sites chosen, which then opens the designer
 * of the first. Until a space is drawn this page stays the add-on's page: once the trial is under
 * way (or over, or Spaces purchased) it shows its state and the sites' switches instead of the form.
 */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { AddonSites, AddonState } from "~/features/addons/spaces-addon";
import { addonAction, DISCOVER_PATH, loadAddon } from "~/features/addons/spaces-addon.server";
import { startTrialSchema, type StartTrialValues } from "~/features/addons/spaces-schema";
import { pageNotice, resultFor } from "~/forms/action-result";
import { translator } from "~/i18n/i18n.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { ChoiceList, FormErrors, initialValues, SubmitButton, ValidatedForm } from "~/ui/form";
import { pageTitle } from "~/ui/meta";
import { ActionNotice } from "~/ui/notice";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const [access, { t, locale }] = await Promise.all([requireAccess(request), translator(request, "addons")]);
  const addon = await loadAddon(access, locale);
  return data({ title: `${t("spaces.discover_title")} · Gatehouse`, addon }, { headers: access.headers });
}

export const action = ({ request }: ActionFunctionArgs) => addonAction(request, ["start", "site"]);

export default function DiscoverSpaces() {
  const { addon } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("addons");
  return (
    <div className="manage">
      <h1>{t("spaces.discover_title")}</h1>
      <ActionNotice notice={pageNotice(answer, addon.state === "not_started" ? [] : addon.sites.map((s) => s.id))} />
      <section aria-labelledby="spaces-about-heading">
        <h2 id="spaces-about-heading">{t("spaces.about_heading")}</h2>
        <p>{t("spaces.about")}</p>
        <ul>
          <li>{t("spaces.feature_design")}</li>
          <li>{t("spaces.feature_book")}</li>
          <li>{t("spaces.feature_check_in")}</li>
          <li>{t("spaces.feature_calendar")}</li>
        </ul>
      </section>
      {addon.state === "not_started" ? <StartTrial addon={addon} answer={answer} /> : <AddonState addon={addon} />}
      {addon.state !== "not_started" ? <AddonSites addon={addon} action={DISCOVER_PATH} answer={answer} /> : null}
    </div>
  );
}

function StartTrial({ addon, answer }: { addon: ReturnType<typeof useLoaderData<typeof loader>>["addon"]; answer: ReturnType<typeof useActionData<typeof action>> }) {
  const { t } = useTranslation("addons");
  const [form, fields] = useForm<StartTrialValues, any>({
    id: "spaces-trial",
    lastResult: resultFor(answer, "start"),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: startTrialSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <section className="tab-section" aria-labelledby="spaces-trial-heading">
      <h2 id="spaces-trial-heading">{t("spaces.trial_heading", { days: addon.trialDays })}</h2>
      <p>{t("spaces.price", { price: addon.price })}</p>
      <p className="hint">{t("spaces.trial_hint", { days: addon.trialDays })}</p>
      {addon.sites.length === 0 ? (
        <p className="empty-state">{t("spaces.no_sites")}</p>
      ) : (
        <ValidatedForm form={form} action={DISCOVER_PATH} aria-labelledby="spaces-trial-heading">
          <FormErrors formId={form.id} />
          <ChoiceList
            legend={t("spaces.choose_sites")}
            name={fields.site_ids.name}
            type="checkbox"
            choices={addon.sites.map((s) => ({ value: String(s.id), label: s.name }))}
            checked={initialValues(fields.site_ids.initialValue)}
            errorId={fields.site_ids.errorId}
            errors={fields.site_ids.errors}
            idPrefix="trial-site"
          />
          <div className="actions">
            <SubmitButton name="intent" value="start">
              {t("spaces.start", { days: addon.trialDays })}
            </SubmitButton>
          </div>
        </ValidatedForm>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
