import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireAccess } from "~/access/guard.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction = pageTitle;

/** /403 — the Forbidden page (spec §2), inside the shell. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request);
  throw new Response("Forbidden", { status: 403 });
}

export default function Forbidden() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
