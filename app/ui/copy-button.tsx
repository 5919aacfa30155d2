/**
 * Copy a value shown on the page (a link, a client id, a secret) to the clipboard: a button only
 * once JavaScript runs (without it the value is plain selectable text), saying "Copied" in words
 * in a live region. `target` is the id of the element holding the value (an input's value, else
 * its text).
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "./form";

export function CopyButton({ target, label }: { target: string; label: string }) {
  const hydrated = useHydrated();
  const { t } = useTranslation("common");
  const [copied, setCopied] = useState(false);
  if (!hydrated) return null;
  const copy = async () => {
    const el = document.getElementById(target);
    const value = el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ? el.value : (el?.textContent ?? "");
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 3000);
    } catch {
      // No clipboard (an insecure origin, or refused): select the text for the user to copy.
      if (el instanceof HTMLInputElement) el.select();
    }
  };
  return (
    <>
      <button type="button" className="button button--secondary button--small" onClick={copy}>
        {label}
      </button>
      <span role="status" className="copy-status">
        {copied ? t("copied") : ""}
      </span>
    </>
  );
}
