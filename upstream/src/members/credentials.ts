/**
 * A member's QR codes and RFID tags (the editor's QR/RFID tab; ADR 017). A QR code's value is made
 * here (random, unguessable; the portal prints it); an RFID tag's number is typed, upper-cased, and
 * unique among the client's live tags (a partial unique index backs the check). An archived member
 * gets none; archiving or deleting a member revokes all of theirs (`editor.ts`).
 */
import { randomBytes } from "node:crypto";
import { MEMBER_EDITOR_LIMITS, MEMBER_EDITOR_MESSAGES, MEMBER_MESSAGES } from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { one } from "../db/index.ts";
import { notFound, validation } from "../http/errors.ts";
import { changeGroup } from "../groups/group-settings.ts";
import { parseId } from "../sites/manage.ts";
import type { Principal } from "../clients/regional.ts";
import { memberOf } from "./view.ts";

/** POST groups/{groupId}/members/{memberId}/credentials. */
export function issueMemberCredential(app: App, p: Principal, idParam: string, memberId: string, body: { kind: "qr" | "rfid"; value?: string }) {
  return changeGroup(app, p, idParam, "GroupMember.editor", async (q, g) => {
    const m = await memberOf(q, g, memberId, true);
    if (m.archived_at) throw validation({ value: [MEMBER_MESSAGES.archived] });
    const [{ n }] = await q.query<{ n: number }>("SELECT count(*)::int AS n FROM member_credentials WHERE member_id = $1 AND revoked_at IS NULL", [m.id]);
    if (n >= MEMBER_EDITOR_LIMITS.credentials) throw validation({ value: [MEMBER_EDITOR_MESSAGES.credentialsFull] });
    let value: string;
    if (body.kind === "qr") value = `GHM-${randomBytes(18).toString("base64url")}`;
    else {
      value = (body.value ?? "").trim().toUpperCase();
      if (!/^[A-Z0-9]{4,64}$/.test(value)) throw validation({ value: [MEMBER_EDITOR_MESSAGES.rfid] });
      const taken = await one(q, "SELECT 1 FROM member_credentials WHERE client_id = $1 AND kind = 'rfid' AND upper(value) = $2 AND revoked_at IS NULL", [g.client_id, value]);
      if (taken) throw validation({ value: [MEMBER_EDITOR_MESSAGES.rfidTaken] });
    }
    const [row] = await q.query<{ id: number; created_at: Date }>(
      "INSERT INTO member_credentials (member_id, client_id, kind, value) VALUES ($1, $2, $3, $4) RETURNING id, created_at",
      [m.id, g.client_id, body.kind, value],
    );
    return { id: row!.id, kind: body.kind, value, created_at: new Date(row!.created_at).toISOString() };
  });
}

/** DELETE groups/{groupId}/members/{memberId}/credentials/{credentialId}: revoked (kept as revoked). */
export function revokeMemberCredential(app: App, p: Principal, idParam: string, memberId: string, credentialId: string) {
  return changeGroup(app, p, idParam, "GroupMember.editor", async (q, g) => {
    const m = await memberOf(q, g, memberId, true);
    const id = parseId(credentialId);
    const row = Number.isNaN(id) ? undefined : await one<{ id: number }>(q, "SELECT id FROM member_credentials WHERE id = $1 AND member_id = $2 AND revoked_at IS NULL", [id, m.id]);
    if (!row) throw notFound(MEMBER_EDITOR_MESSAGES.credentialNotFound);
    await q.query("UPDATE member_credentials SET revoked_at = now() WHERE id = $1", [row.id]);
    return { deleted: true as const };
  });
}
