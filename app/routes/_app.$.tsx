import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireAccess } from "~/access/guard.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction = pageTitle;

/**
 * Every other signed-in path. The access table is enforced first — a route of the spec whose
 * screen is not built yet still answers 403, /login or /trial-ended as its rule says — and then
 * "Page not found".
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request);
  throw new Response("Not found", { status: 404 });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAccess(request);
  throw new Response("Not found", { status: 404 });
}

export default function CatchAll() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
