import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireAccess } from "~/access/guard.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const meta: MetaFunction = () => [{ title: "404 · Gatehouse" }];

/** /404 — "Page not found" (spec §2), inside the shell. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request);
  throw new Response("Not found", { status: 404 });
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
