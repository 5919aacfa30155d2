import type { MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction = pageTitle;

/**
 * /magic-link/* is open without signing in (spec §2). The pre-registration form and the visitor
 * change request have routes of their own (ADR 019); absence requests and any other path are not
 * built: "Page not found", never a sign-in page.
 */
export function loader() {
  throw new Response("Not found", { status: 404 });
}

export default function MagicLink() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
