/** Where the visitor forms live (shared by the server and the browser). */
export const FORMS_PATH = "/manage/features/forms";
export const formPath = (id: number) => `${FORMS_PATH}/${id}`;
/** What a 404 means for a form's dialog or row: the upstream's "Form not found." */
export const FORM_NOT_FOUND = "features:forms.messages.notFound";
