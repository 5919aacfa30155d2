/**
 * The pages of a long list: previous, "page n of m", next — plain links that keep the list's other
 * query parameters (its search), so they work without JavaScript and can be shared. Nothing when
 * the list fits on one page.
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

export function Pager({
  label,
  page,
  pages,
  base,
  keep = {},
}: {
  /** What the navigation is called (its `aria-label`). */
  label: string;
  page: number;
  pages: number;
  /** The list's path. */
  base: string;
  /** Query parameters every page link keeps (empty ones are left out). */
  keep?: Record<string, string>;
}) {
  const { t } = useTranslation("common");
  if (pages <= 1) return null;
  const kept = Object.fromEntries(Object.entries(keep).filter(([, v]) => v !== ""));
  const to = (p: number) => `${base}?${new URLSearchParams({ ...kept, page: String(p) })}`;
  return (
    <nav aria-label={label} className="pagination">
      {page > 1 ? <Link to={to(page - 1)}>{t("pager.previous")}</Link> : null}
      <span>{t("pager.page_of", { page, pages })}</span>
      {page < pages ? <Link to={to(page + 1)}>{t("pager.next")}</Link> : null}
    </nav>
  );
}
