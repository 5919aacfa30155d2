/** /manage/safety-check/block-list/new — add a block-list entry (BlockList.viewer; ADR 029), over the list (a page of its own without JavaScript). */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireIntent } from "~/forms/intents.server";
import { requireAccess, requireEdit } from "~/access/guard.server";
import { resultFor } from "~/forms/action-result";
import { done, invalid, refused } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { EntryForm } from "~/features/safety-check/entry-form";
import { BLOCK_LIST_PATH } from "~/features/safety-check/paths";
import { entryFormField, entryRequest, entrySchema } from "~/features/safety-check/schema";
import { translator } from "~/i18n/i18n.server";
import { upstreamLoad } from "~/upstream/load.server";
import { RouteDialog } from "~/ui/dialog";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;

export async function loader({ request }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "safety-check")]);
  const list = await upstreamLoad(access.viewer.api("blockList", { query: { page: 1 } }));
  return data({ title: `${t("block_list.add")} · Gatehouse`, sites: list.sites }, { headers: access.headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const access = await requireAccess(request);
  requireEdit(access);
  const form = await request.formData();
  const intent = requireIntent(form, "add");
  const submission = parseSubmission(form, { schema: entrySchema });
  if (submission.status !== "success") return invalid(intent, submission);
  try {
    await access.viewer.api("createBlockListEntry", { body: entryRequest(submission.value) });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: entryFormField });
  }
  return done(request, access.viewer, BLOCK_LIST_PATH, { key: "safety-check:added", values: { name: submission.value.name }, tone: "success" });
}

export default function AddEntry() {
  const { sites } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("safety-check");
  return (
    <RouteDialog title={t("block_list.add")} closeTo={BLOCK_LIST_PATH} wide>
      <EntryForm id="block-list-add" action={`${BLOCK_LIST_PATH}/new`} intent="add" values={{ match_rule: "all" }} sites={sites} lastResult={resultFor(answer, "add")} saveLabel={t("block_list.add_submit")} />
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
