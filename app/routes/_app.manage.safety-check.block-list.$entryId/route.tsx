/** /manage/safety-check/block-list/{id} — edit a block-list entry (BlockList.viewer; ADR 029), over the list (a page of its own without JavaScript). */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireIntent } from "~/forms/intents.server";
import { requireAccess, requireEdit } from "~/access/guard.server";
import { resultFor } from "~/forms/action-result";
import { done, invalid, refused, requirePostedId } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { EntryForm } from "~/features/safety-check/entry-form";
import { BLOCK_LIST_PATH } from "~/features/safety-check/paths";
import { entryFormField, entryRequest, entrySchema, entryValues } from "~/features/safety-check/schema";
import { translator } from "~/i18n/i18n.server";
import { upstreamLoad } from "~/upstream/load.server";
import { RouteDialog } from "~/ui/dialog";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;

const entryIdOf = (params: Record<string, string | undefined>) => {
  try {
    return requirePostedId(params.entryId ?? null);
  } catch {
    throw new Response("Not found", { status: 404 });
  }
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "safety-check")]);
  const id = entryIdOf(params);
  const [entry, list] = await Promise.all([
    upstreamLoad(access.viewer.api("blockListEntry", { params: { entryId: id } })),
    upstreamLoad(access.viewer.api("blockList", { query: { page: 1 } })),
  ]);
  return data({ title: `${entry.name} · ${t("block_list.title")} · Gatehouse`, entry, sites: list.sites }, { headers: access.headers });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const access = await requireAccess(request);
  requireEdit(access);
  const id = entryIdOf(params);
  const form = await request.formData();
  const intent = requireIntent(form, "save");
  const submission = parseSubmission(form, { schema: entrySchema });
  if (submission.status !== "success") return invalid(intent, submission);
  try {
    await access.viewer.api("updateBlockListEntry", { params: { entryId: id }, body: entryRequest(submission.value) });
  } catch (err) {
    return refused(err, { ...intent, submission, fields: entryFormField, notFound: "safety-check:messages.entryNotFound" });
  }
  return done(request, access.viewer, BLOCK_LIST_PATH, { key: "safety-check:saved", values: { name: submission.value.name }, tone: "success" });
}

export default function EditEntry() {
  const { entry, sites } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("safety-check");
  return (
    <RouteDialog title={t("block_list.edit_title", { name: entry.name })} closeTo={BLOCK_LIST_PATH} wide>
      <EntryForm id="block-list-edit" action={`${BLOCK_LIST_PATH}/${entry.id}`} intent="save" values={entryValues(entry)} sites={sites} lastResult={resultFor(answer, "save")} saveLabel={t("block_list.save")} />
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
