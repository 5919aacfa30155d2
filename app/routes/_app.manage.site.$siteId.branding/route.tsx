/**
 * /manage/site/{id}/branding — the site's branding image (its logo: PNG, JPEG, GIF or WebP, at
 * most 10 MB) and welcome video (.mov or .mp4, at most 50 MB; platform §5, §9): see the current
 * ones, upload new ones, remove them. Editors of the site's kind change them; viewers see them.
 *
 * Uploads are multipart posts whose `intent` comes before the file, so the action knows the
 * file's limit before reading it and stops reading at the limit (413 with the rule, never a 500).
 * The upstream judges the content (its 422 shows on the file field). The files themselves are
 * shown from the portal's `/files/{name}` (streamed with the user's token; see routes/files.$name).
 */
import { parseSubmission } from "~/forms/submission";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { redirectWithNotice } from "~/features/action-outcome.server";
import { UploadForm } from "~/ui/fields";
import { UPLOAD_RULES, uploadSchema, type UploadKind } from "~/features/manage/media-schemas";
import { isMultipart, readMultipartForm, shownFileUrl, unusableUpload, upstreamRefusal } from "~/features/manage/media.server";
import { loadManagedSite, replyWith, requireSiteEditor, siteIdParam, upstreamFormErrors } from "~/features/manage/sites.server";
import { translator } from "~/i18n/i18n.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { SubmitButton } from "~/ui/form";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;

const UPLOAD_INTENTS = { "upload-image": "image", "upload-video": "video" } as const satisfies Record<string, UploadKind>;
type UploadIntent = keyof typeof UPLOAD_INTENTS;
const isUploadIntent = (v: unknown): v is UploadIntent => typeof v === "string" && Object.hasOwn(UPLOAD_INTENTS, v);

/** A video's kind from its name (the upstream names files `{token}.{ext}`; it keeps no original name). */
const videoKind = (url: string) => (/\.mov$/i.test(url) ? "mov" : "mp4");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request)]);
  const { site, can } = await loadManagedSite(access, siteIdParam(params));
  const image = shownFileUrl(site.branding_image);
  const video = shownFileUrl(site.welcome_video);
  return data(
    {
      title: `${t("manage:site.tab.branding")} · ${site.name} · Gatehouse`,
      site: { id: site.id, name: site.name },
      image: { stored: site.branding_image !== null, url: image },
      video: { stored: site.welcome_video !== null, url: video, kind: video ? videoKind(video) : null },
      can,
    },
    { headers: access.headers },
  );
}

/** A form result with one message on the file field (no submission to reply with: the read stopped). */
const fileError = (message: string) => ({ status: "error" as const, initialValue: null, error: { file: [message] } });

export async function action({ request, params }: ActionFunctionArgs) {
  const { viewer, site, id } = await requireSiteEditor(request, params);
  const path = `/manage/site/${id}/branding`;

  let form: FormData;
  if (isMultipart(request)) {
    const read = await readMultipartForm(request, (fields) => {
      const intent = fields.get("intent");
      return isUploadIntent(intent) ? UPLOAD_RULES[UPLOAD_INTENTS[intent]].maxBytes : null;
    });
    if (!read.ok) {
      const intent = read.fields.get("intent");
      if (read.reason === "too_large" && isUploadIntent(intent)) {
        return data({ intent, result: fileError(UPLOAD_RULES[UPLOAD_INTENTS[intent]].tooLarge) }, { status: 413 });
      }
      throw unusableUpload(read);
    }
    form = read.form;
  } else {
    form = await request.formData();
  }
  const intent = form.get("intent");

  if (isUploadIntent(intent)) {
    const kind = UPLOAD_INTENTS[intent];
    const submission = parseSubmission(form, { schema: uploadSchema(kind) });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const file = submission.value.file as File;
    try {
      await viewer.api(kind === "image" ? "uploadBrandingImage" : "uploadWelcomeVideo", {
        params: { siteId: id },
        file: { name: file.name, type: file.type, data: file },
      });
    } catch (err) {
      const refusal = upstreamRefusal(err);
      if (refusal?.status === 413) return data({ intent, result: replyWith(submission, { file: [UPLOAD_RULES[kind].tooLarge] }) }, { status: 413 });
      const errors = upstreamFormErrors(err, ["file"]);
      if (!errors) throw err;
      return data({ intent, result: replyWith(submission, errors) }, { status: 422 });
    }
    return redirectWithNotice(request, viewer, path, { key: `manage:branding.${kind}_saved`, values: { name: site.name }, tone: "success" });
  }

  if (intent === "remove-image" || intent === "remove-video") {
    const kind = intent === "remove-image" ? "image" : "video";
    try {
      await viewer.api(kind === "image" ? "deleteBrandingImage" : "deleteWelcomeVideo", { params: { siteId: id } });
    } catch (err) {
      const refusal = upstreamRefusal(err);
      if (!refusal) throw err;
      throw new Response("Refused", { status: refusal.status });
    }
    return redirectWithNotice(request, viewer, path, { key: `manage:branding.${kind}_removed`, values: { name: site.name }, tone: "success" });
  }

  throw new Response("Bad request", { status: 400 });
}

export default function SiteBrandingTab() {
  const { site, image, video, can } = useLoaderData<typeof loader>();
  const { t } = useTranslation("manage");
  return (
    <>
      <h2>{t("site.tab.branding")}</h2>
      <p className="hint">{t("branding.intro")}</p>

      <section className="media-section" aria-labelledby="branding-image-heading">
        <h3 id="branding-image-heading">{t("branding.image_heading")}</h3>
        {image.url ? (
          <img className="media-preview" src={image.url} alt={t("branding.image_alt", { name: site.name })} />
        ) : (
          <p className="muted">{image.stored ? t("branding.not_shown") : t("branding.image_none")}</p>
        )}
        {can.edit ? <BrandingUpload key={image.url ?? "none"} kind="image" siteId={site.id} /> : null}
        {can.edit && image.stored ? <RemoveForm kind="image" siteId={site.id} /> : null}
      </section>

      <section className="media-section" aria-labelledby="welcome-video-heading">
        <h3 id="welcome-video-heading">{t("branding.video_heading")}</h3>
        {video.url ? (
          <p>
            <a href={video.url} target="_blank" rel="noopener noreferrer">
              {t("branding.video_open")}
            </a>{" "}
            <span className="muted">({t(`branding.video_kind.${video.kind}`)})</span>
          </p>
        ) : (
          <p className="muted">{video.stored ? t("branding.not_shown") : t("branding.video_none")}</p>
        )}
        {can.edit ? <BrandingUpload key={video.url ?? "none"} kind="video" siteId={site.id} /> : null}
        {can.edit && video.stored ? <RemoveForm kind="video" siteId={site.id} /> : null}
      </section>
    </>
  );
}

function BrandingUpload({ kind, siteId }: { kind: UploadKind; siteId: number }) {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("manage");
  const intent: UploadIntent = kind === "image" ? "upload-image" : "upload-video";
  return (
    <UploadForm
      id={`branding-${kind}`}
      schema={uploadSchema(kind)}
      accept={UPLOAD_RULES[kind].accept}
      action={`/manage/site/${siteId}/branding`}
      intent={intent}
      lastResult={actionData?.intent === intent ? actionData.result : undefined}
      label={t(`branding.${kind}_field`)}
      hint={kind === "image" ? `${t("media.image_hint")} ${t("branding.image_size_hint")}` : t(`media.${kind}_hint`)}
      submitLabel={t(`branding.${kind}_upload`)}
    />
  );
}

function RemoveForm({ kind, siteId }: { kind: UploadKind; siteId: number }) {
  const { t } = useTranslation("manage");
  return (
    <Form method="post" action={`/manage/site/${siteId}/branding`} preventScrollReset className="actions">
      <SubmitButton name="intent" value={`remove-${kind}`} variant="secondary">
        {t(`branding.${kind}_remove`)}
      </SubmitButton>
    </Form>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
