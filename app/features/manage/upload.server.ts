/**
 * The posted form of a page that takes a file (the branding tab, evacuation point photos): url-encoded,
 * or multipart holding at most one file. Which form the file belongs to, and so its kind and limit,
 * is read from the fields sent before it (the upload forms put their `intent` and row first); a file
 * past its limit is answered before it is read whole.
 */
import { fileTooLarge, type FormRef } from "~/forms/action-result.server";
import { UPLOAD_RULES, type UploadKind } from "./media-schemas";
import { isMultipart, readMultipartForm, unusableUpload } from "./media.server";

/** The form a file is posted with and the kind of file it takes. */
export interface UploadTarget {
  form: FormRef;
  kind: UploadKind;
}

/**
 * The posted form, or (`tooLarge`) the 413 answer for a file over its kind's limit (the rule on the
 * `file` field). `uploadOf` names the upload from the fields before the file (null: no file taken).
 * A multipart post that cannot be used throws its 400.
 */
export async function postedForm(
  request: Request,
  uploadOf: (fields: Map<string, string>) => UploadTarget | null,
): Promise<{ form: FormData } | { tooLarge: ReturnType<typeof fileTooLarge> }> {
  if (!isMultipart(request)) return { form: await request.formData() };
  const read = await readMultipartForm(request, (fields) => {
    const upload = uploadOf(fields);
    return upload ? UPLOAD_RULES[upload.kind].maxBytes : null;
  });
  if (read.ok) return { form: read.form };
  const upload = uploadOf(read.fields);
  if (read.reason === "too_large" && upload) return { tooLarge: fileTooLarge(upload.form, "file", UPLOAD_RULES[upload.kind].tooLarge) };
  throw unusableUpload(read);
}
