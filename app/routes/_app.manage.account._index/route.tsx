/**
 * /manage/account — the account landing (platform §2; ADR 023): it sends the user to the first
 * account page they may open, drawn from the access table (its order is platform §2's), or answers
 * 403 when they may open none.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "~/access/guard.server";
import { firstOpenChild } from "~/access/outcome";
import { ACCOUNT_PATH } from "~/features/account/account.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export async function loader({ request }: LoaderFunctionArgs | ActionFunctionArgs) {
  const access = await requireAccess(request);
  const first = firstOpenChild(ACCOUNT_PATH, access.ctx);
  if (!first) throw new Response("Forbidden", { status: 403, statusText: "Forbidden", headers: access.headers });
  throw redirect(first, { headers: access.headers });
}

/** Nothing is posted here: a user who may open no account page is refused (403), anyone else sent on. */
export const action = loader;

export default function AccountLanding() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
