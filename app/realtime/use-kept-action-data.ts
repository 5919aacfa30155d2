/**
 * An action's answer that outlives a live reload. React Router drops `useActionData()` on every
 * revalidation that does not follow a submission, so a page that reloads on a realtime event
 * (`useRevalidator().revalidate()`) would lose what the last post answered — a clash's offered
 * alternative, a form's field errors — the moment anyone else changes something. This keeps the
 * last answer until the location changes (a navigation or another submission), which is when the
 * router itself would have dropped it.
 */
import { useActionData, useLocation } from "@remix-run/react";
import { useRef } from "react";

export function useKeptActionData<T>(): T | undefined {
  const data = useActionData<T>() as T | undefined;
  const { key } = useLocation();
  const kept = useRef<{ key: string; data: T | undefined }>({ key, data });
  if (data !== undefined) kept.current = { key, data };
  else if (kept.current.key !== key) kept.current = { key, data: undefined };
  return kept.current.data;
}
