import type { MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const meta: MetaFunction = () => [{ title: "404 · Gatehouse" }];

/** /404 and every unknown path (see $.tsx): "Page not found" with status 404. */
export function loader() {
  throw new Response("Not found", { status: 404 });
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
