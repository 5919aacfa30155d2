import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** Choose the portal's language (a form: works without JavaScript). */
export function LanguagePicker({
  locale,
  locales,
  redirectTo,
  idPrefix = "shell",
}: {
  locale: string;
  locales: { id: string; name: string }[];
  redirectTo: string;
  idPrefix?: string;
}) {
  const { t } = useTranslation();
  return (
    <Form method="post" action="/language" className="inline-form">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <label htmlFor={`${idPrefix}-language`}>{t("shell.language")}</label>
      <select id={`${idPrefix}-language`} name="locale" defaultValue={locale} key={locale}>
        {locales.map((l) => (
          <option key={l.id} value={l.id} lang={l.id.replace("_", "-")}>
            {l.name}
          </option>
        ))}
      </select>
      <button type="submit" className="button button--secondary">
        {t("shell.change_language")}
      </button>
    </Form>
  );
}
