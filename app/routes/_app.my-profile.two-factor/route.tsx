/**
 * /my-profile/two-factor — set up two-factor authentication (ADR 020), as the login's forced set-up
 * does: the upstream issues a secret (the same one again for 10 minutes), shown as a QR code and as
 * the key to type, and a code of it turns two-factor on. Over My profile (a page of its own without
 * JavaScript). Already on: back to My profile.
 */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { resultFor } from "~/forms/action-result";
import { done, invalid, refused } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { hidingSecrets } from "~/features/auth/secrets";
import { translator } from "~/i18n/i18n.server";
import { upstreamLoad } from "~/upstream/load.server";
import { RouteDialog } from "~/ui/dialog";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { FormErrors, SubmitButton, TextField, ValidatedForm } from "~/ui/form";
import { pageTitle } from "~/ui/meta";
import { qrDataUrl } from "~/ui/qr.server";
import { codeSchema } from "~/features/users/profile-schema";

export const meta: MetaFunction<typeof loader> = pageTitle;

const PROFILE = "/my-profile";

export async function loader({ request }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "users")]);
  const profile = await upstreamLoad(access.viewer.api("profile"));
  if (profile.two_factor) throw redirect(PROFILE, { headers: access.headers });
  const setup = await upstreamLoad(access.viewer.api("startTwoFactor"));
  return data({ title: `${t("profile.two_factor_set_up")} · Gatehouse`, secret: setup.secret, qr: await qrDataUrl(setup.otpauth_uri) }, { headers: access.headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const access = await requireAccess(request);
  const intent = { intent: "enable-2fa" };
  const parsed = parseSubmission(await request.formData(), { schema: codeSchema });
  const submission = hidingSecrets(parsed, ["code"]);
  if (parsed.status !== "success") return invalid(intent, submission);
  try {
    await access.viewer.api("enableTwoFactor", { body: { code: parsed.value.code } });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: ["code"] });
  }
  return done(request, access.viewer, PROFILE, { key: "users:profile.two_factor_enabled", tone: "success" });
}

export default function TwoFactorSetup() {
  const { secret, qr } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("users");
  const [form, fields] = useForm<Record<string, any>, any>({
    id: "two-factor-setup",
    lastResult: resultFor(answer, "enable-2fa"),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: codeSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <RouteDialog title={t("profile.two_factor_set_up")} closeTo={PROFILE}>
      <p>{t("profile.two_factor_intro")}</p>
      <img className="qr" src={qr} alt={t("auth:login.qr_alt")} width={180} height={180} />
      <div className="field">
        <span className="label" id="two-factor-key-label">
          {t("auth:login.secret_label")}
        </span>
        <div className="readonly-value secret" aria-labelledby="two-factor-key-label">
          {secret}
        </div>
      </div>
      <ValidatedForm form={form} action="/my-profile/two-factor" preventScrollReset>
        <FormErrors formId={form.id} />
        <TextField field={fields.code as never} label={t("profile.code")} hint={t("auth:login.setup_code_hint")} autoComplete="one-time-code" inputMode="numeric" autoFocus />
        <div className="actions">
          <SubmitButton name="intent" value="enable-2fa">
            {t("profile.two_factor_enable")}
          </SubmitButton>
        </div>
      </ValidatedForm>
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
