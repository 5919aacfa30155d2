/**
 * /manage/safety-check/health-certificates — a section no role may open (the access table's
 * `denied`; ADR 029): always 403, with the safety check's word on why (its layout's error boundary).
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireAccess } from "~/access/guard.server";
import { SafetyCheckErrorBoundary } from "~/features/safety-check/health-certificates";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request);
  throw new Response("Forbidden", { status: 403 });
}

export default function HealthCertificates() {
  return null;
}

export const ErrorBoundary = SafetyCheckErrorBoundary;
