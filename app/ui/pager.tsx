/**
 * The pages of a long list: previous, "page n of m", next — plain links that keep the list's other
 * query parameters (its search), so they work without JavaScript and can be shared. Nothing when
 * the list fits on one page. The numbers come from `paging` (app/forms/paging.ts).
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { neighbours } from "~/forms/paging";

/** The pager's words (translation keys), unless a list names its own. */
const WORDS = { previous: "common:pager.previous", next: "common:pager.next", pageOf: "common:pager.page_of" };

export function Pager({
  label,
  page,
  pages,
  base,
  keep = {},
  words = WORDS,
}: {
  /** What the navigation is called (its `aria-label`). */
  label: string;
  page: number;
  pages: number;
  /** The list's path. */
  base: string;
  /** Query parameters every page link keeps (empty ones are left out). */
  keep?: Record<string, string>;
  /** The translation keys of "previous", "next" and "page n of m", when the list's namespace has its own. */
  words?: typeof WORDS;
}) {
  const { t } = useTranslation("common");
  if (pages <= 1) return null;
  const kept = Object.fromEntries(Object.entries(keep).filter(([, v]) => v !== ""));
  const to = (p: number) => `${base}?${new URLSearchParams({ ...kept, page: String(p) })}`;
  const { previous, next } = neighbours(page, pages);
  return (
    <nav aria-label={label} className="pagination">
      {previous !== null ? <Link to={to(previous)}>{t(words.previous)}</Link> : null}
      <span>{t(words.pageOf, { page, pages })}</span>
      {next !== null ? <Link to={to(next)}>{t(words.next)}</Link> : null}
    </nav>
  );
}
