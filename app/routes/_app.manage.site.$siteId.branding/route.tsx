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
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAccess } from "~/access/guard.server";
import { pageNotice, resultFor } from "~/forms/action-result";
import { UPLOAD_RULES, uploadSchema } from "~/features/manage/media-schemas";
import { shownFileUrl } from "~/features/manage/media.server";
import { loadManagedSite, siteIdParam } from "~/features/manage/sites.server";
import { siteTabAction } from "~/features/manage/site-tab-action.server";
import { translator } from "~/i18n/i18n.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { UploadForm } from "~/ui/fields";
import { SubmitButton } from "~/ui/form";
import { pageTitle } from "~/ui/meta";
import { ActionNotice } from "~/ui/notice";
import { remove, upload, type BrandingKind } from "./actions.server";

export const meta: MetaFunction<typeof loader> = pageTitle;

/** The upload intents and the kind of file each takes (sent before the file, so its limit is known). */
const UPLOADS: Record<string, BrandingKind> = { "upload-image": "image", "upload-video": "video" };

/** A video's kind from its name (the upstream names files `{token}.{ext}`; it keeps no original name). */
const videoKind = (url: string) => (/\.mov$/i.test(url) ? "mov" : "mp4");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "sites")]);
  const { site, can } = await loadManagedSite(access, siteIdParam(params));
  const image = shownFileUrl(site.branding_image);
  const video = shownFileUrl(site.welcome_video);
  return data(
    {
      title: `${t("site.tab.branding")} · ${site.name} · Gatehouse`,
      site: { id: site.id, name: site.name },
      image: { stored: site.branding_image !== null, url: image },
      video: { stored: site.welcome_video !== null, url: video, kind: video ? videoKind(video) : null },
      can,
    },
    { headers: access.headers },
  );
}

export const action = (args: ActionFunctionArgs) =>
  siteTabAction(
    args,
    {
      "upload-image": (a) => upload(a, "image"),
      "upload-video": (a) => upload(a, "video"),
      "remove-image": (a) => remove(a, "image"),
      "remove-video": (a) => remove(a, "video"),
    },
    (fields) => {
      const intent = fields.get("intent") ?? "";
      return Object.hasOwn(UPLOADS, intent) ? { form: { intent }, kind: UPLOADS[intent]! } : null;
    },
  );

export default function SiteBrandingTab() {
  const { site, image, video, can } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("sites");
  return (
    <>
      <h2>{t("site.tab.branding")}</h2>
      <p className="hint">{t("branding.intro")}</p>
      <ActionNotice notice={pageNotice(actionData)} />

      <section className="media-section" aria-labelledby="branding-image-heading">
        <h3 id="branding-image-heading">{t("branding.image_heading")}</h3>
        {image.url ? (
          <img className="media-preview" src={image.url} alt={t("branding.image_alt", { name: site.name })} />
        ) : (
          <p className="muted">{image.stored ? t("branding.not_shown") : t("branding.image_none")}</p>
        )}
        {can.edit ? <BrandingUpload key={image.url ?? "none"} kind="image" siteId={site.id} lastResult={resultFor(actionData, "upload-image")} /> : null}
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
        {can.edit ? <BrandingUpload key={video.url ?? "none"} kind="video" siteId={site.id} lastResult={resultFor(actionData, "upload-video")} /> : null}
        {can.edit && video.stored ? <RemoveForm kind="video" siteId={site.id} /> : null}
      </section>
    </>
  );
}

function BrandingUpload({ kind, siteId, lastResult }: { kind: BrandingKind; siteId: number; lastResult: ReturnType<typeof resultFor> }) {
  const { t } = useTranslation("sites");
  const intent = `upload-${kind}`;
  return (
    <UploadForm
      id={`branding-${kind}`}
      schema={uploadSchema(kind)}
      accept={UPLOAD_RULES[kind].accept}
      action={`/manage/site/${siteId}/branding`}
      intent={intent}
      lastResult={lastResult}
      label={t(`branding.${kind}_field`)}
      hint={kind === "image" ? `${t("media.image_hint")} ${t("branding.image_size_hint")}` : t(`media.${kind}_hint`)}
      submitLabel={t(`branding.${kind}_upload`)}
    />
  );
}

function RemoveForm({ kind, siteId }: { kind: BrandingKind; siteId: number }) {
  const { t } = useTranslation("sites");
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
