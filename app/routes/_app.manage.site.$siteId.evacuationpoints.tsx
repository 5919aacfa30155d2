/**
 * /manage/site/{id}/evacuationpoints — where evacuees gather (groups spec §3: icon, photo, map
 * location), in the order the fire list and evacuation reports show them. Editors of the site's
 * kind add a point, edit one (`?edit=<id>`: its details, and its photo), delete one after a
 * confirmation step (`?delete=<id>`), and move one up or down (the whole order goes upstream).
 * Viewers see the same list without controls. Everything works without JavaScript.
 *
 * Ids posted by a form are only parsed here; the point must be one of this site's (checked against
 * the upstream's list, the upstream checking again): another's gives a 404 with a message.
 */
import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { parseSubmission } from "~/forms/submission";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EVACUATION_POINT_ICONS, type EvacuationPoint } from "@contract";
import { requireAccess } from "~/access/guard.server";
import { postedId, redirectWithNotice } from "~/features/action-outcome.server";
import { NumberField, UploadForm } from "~/features/manage/media-fields";
import { evacuationPointSchema, UPLOAD_RULES, uploadSchema, type EvacuationPointForm } from "~/features/manage/media-schemas";
import { isMultipart, readMultipartForm, shownFileUrl, unusableUpload, upstreamRefusal } from "~/features/manage/media.server";
import { loadManagedSite, replyWith, requireSiteEditor, siteIdParam, upstreamFormErrors } from "~/features/manage/sites.server";
import { translator } from "~/i18n/i18n.server";
import { upstreamLoad } from "~/upstream/load.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { NoticeBanner } from "~/ui/notice";
import { FormErrors, SelectField, SubmitButton, TextField, useErrorText, ValidatedForm } from "~/ui/form";
import { pageTitle } from "~/ui/meta";

export const meta: MetaFunction<typeof loader> = pageTitle;

const POINT_FIELDS = ["title", "icon", "lat", "lng"] as const;

/** A glyph beside each icon's name (decoration only: the name is always written out). */
const ICON_GLYPHS: Record<(typeof EVACUATION_POINT_ICONS)[number], string> = {
  "assembly-point": "⚑",
  "car-park": "P",
  grass: "♣",
  building: "▦",
  door: "▯",
  road: "═",
  flag: "⚐",
  "first-aid": "✚",
};

interface ShownPoint {
  id: number;
  title: string;
  icon: EvacuationPoint["icon"];
  photo: { stored: boolean; url: string | null };
  location: EvacuationPoint["location"];
}

const shown = (p: EvacuationPoint): ShownPoint => ({
  id: p.id,
  title: p.title,
  icon: p.icon,
  photo: { stored: p.photo !== null, url: shownFileUrl(p.photo) },
  location: p.location,
});

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request)]);
  const id = siteIdParam(params);
  const { site, can } = await loadManagedSite(access, id);
  const points = (await upstreamLoad(access.viewer.api("evacuationPoints", { params: { siteId: id } }))).map(shown);
  const url = new URL(request.url);
  // Page states (editors only): one point's edit form, or its delete confirmation.
  const wanted = (name: string) => {
    if (!can.edit || !url.searchParams.has(name)) return null;
    return points.find((p) => p.id === postedId(url.searchParams.get(name)))?.id ?? ("missing" as const);
  };
  const editing = wanted("edit");
  const deleting = editing === null ? wanted("delete") : null;
  const missing = editing === "missing" || deleting === "missing";
  return data(
    {
      title: `${t("manage:site.tab.evacuationpoints")} · ${site.name} · Gatehouse`,
      site: { id: site.id, name: site.name },
      points,
      editing: editing === "missing" ? null : editing,
      deleting: deleting === "missing" ? null : deleting,
      missing,
      can,
    },
    { headers: access.headers, status: missing ? 404 : 200 },
  );
}

type Intent = "add" | "edit" | "delete" | "move-up" | "move-down" | "upload-photo" | "remove-photo";
type ActionResult = { intent: Intent; pointId?: number; result?: SubmissionResult<string[]>; message?: string };

const fail = (body: ActionResult, status: number) => data(body, { status });

/** The point's location as the upstream takes it: both coordinates, or none. */
const locationOf = (v: EvacuationPointForm) => (v.lat !== undefined && v.lng !== undefined ? { lat: v.lat, lng: v.lng } : null);

export async function action({ request, params }: ActionFunctionArgs) {
  const { viewer, id } = await requireSiteEditor(request, params);
  const path = `/manage/site/${id}/evacuationpoints`;

  let form: FormData;
  if (isMultipart(request)) {
    // Only the photo upload is multipart; its intent and point come before the file.
    const read = await readMultipartForm(request, (fields) => (fields.get("intent") === "upload-photo" ? UPLOAD_RULES.image.maxBytes : null));
    if (!read.ok) {
      const pointId = postedId(read.fields.get("pointId"));
      if (read.reason === "too_large" && read.fields.get("intent") === "upload-photo" && pointId !== null) {
        return fail({ intent: "upload-photo", pointId, result: { status: "error", initialValue: null, error: { file: [UPLOAD_RULES.image.tooLarge] } } }, 413);
      }
      throw unusableUpload(read);
    }
    form = read.form;
  } else {
    form = await request.formData();
  }
  const intent = form.get("intent");

  if (intent === "add") {
    const submission = parseSubmission(form, { schema: evacuationPointSchema });
    if (submission.status !== "success") return fail({ intent, result: submission.reply() }, 400);
    const v = submission.value;
    try {
      await viewer.api("createEvacuationPoint", { params: { siteId: id }, body: { title: v.title, icon: v.icon ?? null, location: locationOf(v) } });
    } catch (err) {
      const errors = upstreamFormErrors(err, POINT_FIELDS);
      if (!errors) throw err;
      return fail({ intent, result: replyWith(submission, errors) }, 422);
    }
    return redirectWithNotice(request, viewer, path, { key: "manage:evacuationpoints.added", values: { title: v.title }, tone: "success" });
  }

  const known: readonly Intent[] = ["edit", "delete", "move-up", "move-down", "upload-photo", "remove-photo"];
  if (typeof intent !== "string" || !known.includes(intent as Intent)) throw new Response("Bad request", { status: 400 });
  const rowIntent = intent as Exclude<Intent, "add">;
  const pointId = postedId(form.get("pointId"));
  if (pointId === null) throw new Response("Bad request", { status: 400 });
  const points = await viewer.api("evacuationPoints", { params: { siteId: id } });
  const index = points.findIndex((p) => p.id === pointId);
  const point = points[index];
  if (!point) return fail({ intent: rowIntent, message: "manage:evacuationpoints.not_found" }, 404);
  const editPath = `${path}?edit=${point.id}`;

  /** An upstream refusal of this row (gone meanwhile, …) as a page message; 422s on the form. */
  const refused = (err: unknown, submission?: Parameters<typeof replyWith>[0], fields: readonly string[] = POINT_FIELDS) => {
    const refusal = upstreamRefusal(err);
    if (refusal?.status === 413 && submission) return fail({ intent: rowIntent, pointId, result: replyWith(submission, { file: [UPLOAD_RULES.image.tooLarge] }) }, 413);
    if (refusal) return fail({ intent: rowIntent, pointId, message: refusal.message }, refusal.status);
    const errors = upstreamFormErrors(err, fields);
    if (!errors) throw err;
    if (submission) return fail({ intent: rowIntent, pointId, result: replyWith(submission, errors) }, 422);
    return fail({ intent: rowIntent, pointId, message: Object.values(errors)[0]![0] }, 422);
  };

  switch (rowIntent) {
    case "edit": {
      const submission = parseSubmission(form, { schema: evacuationPointSchema });
      if (submission.status !== "success") return fail({ intent: rowIntent, pointId, result: submission.reply() }, 400);
      const v = submission.value;
      try {
        await viewer.api("updateEvacuationPoint", { params: { siteId: id, pointId }, body: { title: v.title, icon: v.icon ?? null, location: locationOf(v) } });
      } catch (err) {
        return refused(err, submission);
      }
      return redirectWithNotice(request, viewer, path, { key: "manage:evacuationpoints.saved", values: { title: v.title }, tone: "success" });
    }
    case "delete": {
      try {
        await viewer.api("deleteEvacuationPoint", { params: { siteId: id, pointId } });
      } catch (err) {
        return refused(err);
      }
      return redirectWithNotice(request, viewer, path, { key: "manage:evacuationpoints.deleted", values: { title: point.title }, tone: "success" });
    }
    case "move-up":
    case "move-down": {
      const to = rowIntent === "move-up" ? index - 1 : index + 1;
      if (to < 0 || to >= points.length) return fail({ intent: rowIntent, pointId, message: "manage:evacuationpoints.cannot_move" }, 400);
      const ids = points.map((p) => p.id);
      [ids[index], ids[to]] = [ids[to]!, ids[index]!];
      try {
        await viewer.api("reorderEvacuationPoints", { params: { siteId: id }, body: { ids } });
      } catch (err) {
        return refused(err);
      }
      return redirectWithNotice(request, viewer, path, {
        key: rowIntent === "move-up" ? "manage:evacuationpoints.moved_up" : "manage:evacuationpoints.moved_down",
        values: { title: point.title, position: to + 1 },
        tone: "success",
      });
    }
    case "upload-photo": {
      const submission = parseSubmission(form, { schema: uploadSchema("image") });
      if (submission.status !== "success") return fail({ intent: rowIntent, pointId, result: submission.reply() }, 400);
      const file = submission.value.file as File;
      try {
        await viewer.api("uploadEvacuationPointPhoto", { params: { siteId: id, pointId }, file: { name: file.name, type: file.type, data: file } });
      } catch (err) {
        return refused(err, submission, ["file"]);
      }
      return redirectWithNotice(request, viewer, editPath, { key: "manage:evacuationpoints.photo_saved", values: { title: point.title }, tone: "success" });
    }
    case "remove-photo": {
      try {
        await viewer.api("deleteEvacuationPointPhoto", { params: { siteId: id, pointId } });
      } catch (err) {
        return refused(err);
      }
      return redirectWithNotice(request, viewer, editPath, { key: "manage:evacuationpoints.photo_removed", values: { title: point.title }, tone: "success" });
    }
  }
}

export default function EvacuationPointsTab() {
  const { site, points, editing: editingInUrl, deleting, missing, can } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // A refused edit or photo keeps its form open, whatever the URL it was posted to.
  const editing = editingInUrl ?? (actionData?.intent === "edit" || actionData?.intent === "upload-photo" ? (actionData.pointId ?? null) : null);
  const { t } = useTranslation("manage");
  const text = useErrorText();
  const path = `/manage/site/${site.id}/evacuationpoints`;
  const pageMessage = actionData?.message ?? (missing ? "manage:evacuationpoints.not_found" : null);
  return (
    <>
      <h2>{t("site.tab.evacuationpoints")}</h2>
      <p className="hint">{t("evacuationpoints.intro")}</p>
      {pageMessage ? <NoticeBanner notice={{ text: text(pageMessage), tone: "error" }} /> : null}

      {points.length === 0 ? (
        <p className="muted">{t("evacuationpoints.none")}</p>
      ) : (
        <ol className="point-list" aria-label={t("evacuationpoints.list", { name: site.name })}>
          {points.map((point, i) => (
            <li key={point.id} className="point-list__item">
              {point.id === editing ? (
                <EditPoint point={point} path={path} />
              ) : (
                <>
                  <PointSummary point={point} position={i + 1} />
                  {point.id === deleting ? (
                    <ConfirmDelete point={point} path={path} />
                  ) : can.edit ? (
                    <PointActions point={point} path={path} first={i === 0} last={i === points.length - 1} />
                  ) : null}
                </>
              )}
            </li>
          ))}
        </ol>
      )}

      {/* A fresh form once a point is added (with JavaScript the page stays mounted). */}
      {can.edit ? <AddPoint key={points.map((p) => p.id).join(",")} path={path} /> : null}
    </>
  );
}

function PointSummary({ point, position }: { point: ShownPoint; position: number }) {
  const { t } = useTranslation("manage");
  return (
    <div className="point-summary">
      <h3>
        <span className="point-position">{t("evacuationpoints.position", { position })}</span>{" "}
        {point.title}
      </h3>
      <dl className="point-facts">
        <div>
          <dt>{t("evacuationpoints.field.icon")}</dt>
          <dd>{point.icon ? <IconLabel icon={point.icon} /> : t("evacuationpoints.icon_none")}</dd>
        </div>
        <div>
          <dt>{t("evacuationpoints.field.location")}</dt>
          <dd>
            {point.location ? (
              <>
                {t("evacuationpoints.coordinates", { latitude: String(point.location.lat), longitude: String(point.location.lng) })}{" "}
                <a
                  href={`https://www.openstreetmap.org/?mlat=${point.location.lat}&mlon=${point.location.lng}#map=18/${point.location.lat}/${point.location.lng}`}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {t("evacuationpoints.open_map")}
                  <span className="visually-hidden"> ({point.title})</span>
                </a>
              </>
            ) : (
              t("evacuationpoints.location_none")
            )}
          </dd>
        </div>
        <div>
          <dt>{t("evacuationpoints.field.photo")}</dt>
          <dd>
            {point.photo.url ? (
              <img className="point-photo" src={point.photo.url} alt={t("evacuationpoints.photo_alt", { title: point.title })} />
            ) : point.photo.stored ? (
              t("evacuationpoints.photo_not_shown")
            ) : (
              t("evacuationpoints.photo_none")
            )}
          </dd>
        </div>
      </dl>
    </div>
  );
}

function IconLabel({ icon }: { icon: NonNullable<ShownPoint["icon"]> }) {
  const { t } = useTranslation("manage");
  return (
    <span className="point-icon">
      <span className="point-icon__glyph" aria-hidden="true">
        {ICON_GLYPHS[icon]}
      </span>
      {t(`evacuationpoints.icon.${icon}`)}
    </span>
  );
}

function PointActions({ point, path, first, last }: { point: ShownPoint; path: string; first: boolean; last: boolean }) {
  const { t } = useTranslation("manage");
  // Which point each control is about, for screen readers (the visible text stays short).
  const which = <span className="visually-hidden"> ({point.title})</span>;
  return (
    <div className="point-actions">
      <Link to={`${path}?edit=${point.id}`} className="button button--secondary" preventScrollReset>
        {t("evacuationpoints.edit")}
        {which}
      </Link>
      {first && last ? null : (
        <Form method="post" action={path} preventScrollReset className="point-actions__move">
          <input type="hidden" name="pointId" value={point.id} />
          {first ? null : (
            <SubmitButton name="intent" value="move-up" variant="secondary">
              {t("evacuationpoints.move_up")}
              {which}
            </SubmitButton>
          )}
          {last ? null : (
            <SubmitButton name="intent" value="move-down" variant="secondary">
              {t("evacuationpoints.move_down")}
              {which}
            </SubmitButton>
          )}
        </Form>
      )}
      <Link to={`${path}?delete=${point.id}`} className="button button--secondary" preventScrollReset>
        {t("evacuationpoints.delete")}
        {which}
      </Link>
    </div>
  );
}

function ConfirmDelete({ point, path }: { point: ShownPoint; path: string }) {
  const { t } = useTranslation("manage");
  return (
    <section className="danger-zone" aria-labelledby={`delete-point-${point.id}`}>
      <h4 id={`delete-point-${point.id}`}>{t("evacuationpoints.delete_heading", { title: point.title })}</h4>
      <p>{t("evacuationpoints.delete_warning")}</p>
      <Form method="post" action={path} preventScrollReset className="actions">
        <input type="hidden" name="pointId" value={point.id} />
        <SubmitButton name="intent" value="delete">
          {t("evacuationpoints.delete_confirm")}
        </SubmitButton>
        <Link to={path} preventScrollReset>
          {t("evacuationpoints.cancel")}
        </Link>
      </Form>
    </section>
  );
}

function PointFields({ fields }: { fields: ReturnType<typeof usePointForm>[1] }) {
  const { t } = useTranslation("manage");
  return (
    <>
      <TextField field={fields.title} label={t("evacuationpoints.field.title")} autoComplete="off" />
      <SelectField field={fields.icon} label={t("evacuationpoints.field.icon")}>
        <option value="">{t("evacuationpoints.icon_none")}</option>
        {EVACUATION_POINT_ICONS.map((icon) => (
          <option key={icon} value={icon}>
            {t(`evacuationpoints.icon.${icon}`)}
          </option>
        ))}
      </SelectField>
      <fieldset className="coordinates">
        <legend>{t("evacuationpoints.field.location_optional")}</legend>
        <p className="hint">{t("evacuationpoints.location_hint")}</p>
        <NumberField field={fields.lat} label={t("evacuationpoints.field.lat")} min={-90} max={90} />
        <NumberField field={fields.lng} label={t("evacuationpoints.field.lng")} min={-180} max={180} />
      </fieldset>
    </>
  );
}

function usePointForm(id: string, lastResult: SubmissionResult<string[]> | undefined, defaultValue?: Record<string, string>) {
  return useForm<{ title: string | undefined; icon: string | undefined; lat: number | undefined; lng: number | undefined }, any>({
    id,
    lastResult,
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: evacuationPointSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
}

function AddPoint({ path }: { path: string }) {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("manage");
  const [form, fields] = usePointForm("point-add", actionData?.intent === "add" ? actionData.result : undefined);
  return (
    <section className="point-add" aria-labelledby="add-point-heading">
      <h3 id="add-point-heading">{t("evacuationpoints.add_heading")}</h3>
      <ValidatedForm form={form} action={path} preventScrollReset>
        <FormErrors formId={form.id} />
        <PointFields fields={fields} />
        <div className="actions">
          <SubmitButton name="intent" value="add">
            {t("evacuationpoints.add")}
          </SubmitButton>
        </div>
      </ValidatedForm>
    </section>
  );
}

function EditPoint({ point, path }: { point: ShownPoint; path: string }) {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("manage");
  const mine = actionData?.pointId === point.id ? actionData : undefined;
  const [form, fields] = usePointForm(`point-edit-${point.id}`, mine?.intent === "edit" ? mine.result : undefined, {
    title: point.title,
    icon: point.icon ?? "",
    lat: point.location ? String(point.location.lat) : "",
    lng: point.location ? String(point.location.lng) : "",
  });
  const editPath = `${path}?edit=${point.id}`;
  return (
    <section className="point-edit" aria-labelledby={`edit-point-${point.id}`}>
      <h3 id={`edit-point-${point.id}`}>{t("evacuationpoints.edit_heading", { title: point.title })}</h3>
      <ValidatedForm form={form} action={editPath} preventScrollReset>
        <input type="hidden" name="pointId" value={point.id} />
        <FormErrors formId={form.id} />
        <PointFields fields={fields} />
        <div className="actions">
          <SubmitButton name="intent" value="edit">
            {t("evacuationpoints.save")}
          </SubmitButton>
          <Link to={path} preventScrollReset>
            {t("evacuationpoints.cancel")}
          </Link>
        </div>
      </ValidatedForm>
      <PointPhoto key={point.photo.url ?? "none"} point={point} editPath={editPath} result={mine?.intent === "upload-photo" ? mine.result : undefined} />
    </section>
  );
}

function PointPhoto({ point, editPath, result }: { point: ShownPoint; editPath: string; result: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("manage");
  return (
    <div className="point-photo-edit">
      <h4>{t("evacuationpoints.field.photo")}</h4>
      {point.photo.url ? (
        <img className="point-photo" src={point.photo.url} alt={t("evacuationpoints.photo_alt", { title: point.title })} />
      ) : (
        <p className="muted">{point.photo.stored ? t("evacuationpoints.photo_not_shown") : t("evacuationpoints.photo_none")}</p>
      )}
      <UploadForm
        id={`point-photo-${point.id}`}
        kind="image"
        action={editPath}
        intent="upload-photo"
        hidden={{ pointId: point.id }}
        lastResult={result}
        label={t("evacuationpoints.photo_field")}
        hint={t("media.image_hint")}
        submitLabel={t("evacuationpoints.photo_upload")}
      />
      {point.photo.stored ? (
        <Form method="post" action={editPath} preventScrollReset className="actions">
          <input type="hidden" name="pointId" value={point.id} />
          <SubmitButton name="intent" value="remove-photo" variant="secondary">
            {t("evacuationpoints.photo_remove")}
          </SubmitButton>
        </Form>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
