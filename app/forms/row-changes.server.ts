/**
 * Moving and deleting a row of an ordered list (a site's messages and custom fields, a group's
 * personal fields…), the same for every list: the posted row (`id`, never trusted) is looked up in the list read fresh — a row
 * of another site, or one gone meanwhile, is "not found" (404) — then the upstream gets the full new
 * order (`movedOrder`) or the deletion; a refusal answers with `refused`, success with `done` and the
 * tab's notice.
 */
import type { Notice } from "~/forms/action-result";
import { badRequest } from "~/forms/intents.server";
import { answerNotice, done, refused, requirePostedId } from "./action-result.server";
import type { Viewer } from "~/session/auth.server";

/** What a move or delete handler gets: the request, who asks (already allowed to change the list), the posted form. */
type RowAction = { request: Request; viewer: Viewer; form: FormData };

/** An ordered list, as its move and delete forms need it. */
export interface OrderedList<Row extends { id: number }> {
  /** The rows in order, read fresh. */
  rows: () => Promise<Row[]>;
  /** What a row that is not in the list means here (a translation key). */
  notFound: string;
  /** The tab, where success leads. */
  path: string;
}

async function postedRow<Row extends { id: number }>(form: FormData, list: OrderedList<Row>) {
  const id = requirePostedId(form.get("id"));
  const rows = await list.rows();
  return { id, ids: rows.map((r) => r.id), row: rows.find((r) => r.id === id) };
}

/** Move the posted row up or down (`direction`): the upstream gets the full new order from `reorder`. */
export async function moveRow<Row extends { id: number }>({ request, viewer, form }: RowAction, list: OrderedList<Row>, reorder: (ids: number[]) => Promise<unknown>, notice: (row: Row) => Notice) {
  const { id, ids, row } = await postedRow(form, list);
  const order = movedOrder(ids, id, form.get("direction"));
  const intent = { intent: "move", row: id };
  if (!row || !order) return answerNotice(intent, list.notFound, 404);
  try {
    await reorder(order);
  } catch (err) {
    return refused(err, { ...intent, notFound: list.notFound });
  }
  return done(request, viewer, list.path, notice(row));
}

/** Delete the posted row (confirmed by its form) with `remove`. */
export async function deleteRow<Row extends { id: number }>({ request, viewer, form }: RowAction, list: OrderedList<Row>, remove: (id: number) => Promise<unknown>, notice: (row: Row) => Notice) {
  const { id, row } = await postedRow(form, list);
  const intent = { intent: "delete", row: id };
  if (!row) return answerNotice(intent, list.notFound, 404);
  try {
    await remove(id);
  } catch (err) {
    return refused(err, { ...intent, notFound: list.notFound });
  }
  return done(request, viewer, list.path, notice(row));
}

/**
 * The full order after moving one row up or down, or null when the row is not in the list (it
 * belongs elsewhere or is gone). Moving the first row up or the last down changes nothing.
 */
export function movedOrder(ids: readonly number[], id: number, direction: FormDataEntryValue | null): number[] | null {
  if (direction !== "up" && direction !== "down") badRequest();
  const at = ids.indexOf(id);
  if (at < 0) return null;
  const to = direction === "up" ? at - 1 : at + 1;
  const out = [...ids];
  if (to < 0 || to >= ids.length) return out;
  [out[at], out[to]] = [out[to]!, out[at]!];
  return out;
}
