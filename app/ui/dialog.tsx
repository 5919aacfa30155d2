import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A dialog that is a route: it opens at its URL (so it works without JavaScript, can be linked and
 * survives a reload) and closes by going to `closeTo`. With JavaScript it takes focus, keeps Tab
 * inside, and closes on Escape. Spec §9: 560 px wide by default.
 */
export function RouteDialog({
  title,
  closeTo,
  children,
  wide = false,
  describedBy,
}: {
  title: React.ReactNode;
  closeTo: string;
  children: React.ReactNode;
  wide?: boolean;
  describedBy?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const back = document.activeElement as HTMLElement | null;
    if (!dialog.contains(document.activeElement)) dialog.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        e.preventDefault();
        navigate(closeTo, { preventScrollReset: true });
        return;
      }
      if (e.key !== "Tab") return;
      const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
      if (items.length === 0) return;
      const first = items[0]!;
      const last = items[items.length - 1]!;
      if (e.shiftKey && (document.activeElement === first || document.activeElement === dialog)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      if (back && document.contains(back)) back.focus();
    };
    // Open once per mount; closeTo is stable for a dialog's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className="dialog-backdrop">
      <div
        className={`dialog${wide ? " dialog--wide" : ""}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby="dialog-title"
        aria-describedby={describedBy}
        ref={ref}
        tabIndex={-1}
      >
        <div className="dialog__header">
          <h2 id="dialog-title">{title}</h2>
          <Link to={closeTo} className="dialog__close" preventScrollReset aria-label={t("close")}>
            <span aria-hidden="true">×</span>
          </Link>
        </div>
        <div className="dialog__body">{children}</div>
      </div>
    </div>
  );
}
