/**
 * Directory integrations of a returning group (groups spec §1 integrated groups, §5 the Brivo
 * facility code, §8 sync errors): connect (a consent round trip through the directory, bound to a
 * random state), choose the directory group, sync its people into the group as `synced` members,
 * turn syncing off and on, disconnect.
 *
 * Rights as the group's other screens (`group-settings.ts`): ManageVisitorGroup.viewer to read,
 * .editor for everything else; active clients only; another client's group or a bad id is 404
 * "Group not found". The directory is called over HTTP (`../directory/client.ts`) outside the
 * database transactions; what it answered is then applied in one transaction with the group's row
 * locked, so a sync is never half-applied. A directory failure is recorded on the integration
 * (status `error`, its SYNC_ERRORS code) and the call still answers 200 with the integration.
 *
 * Sync rules: a directory person matches a member by `directory_id`, else by email among the
 * group's members not synced yet (who then become synced); the rest are added. Synced members no
 * longer in the directory group are deleted. Members added by hand (`synced = false`) are never
 * changed or deleted. Disconnecting keeps every member, as ordinary ones.
 */
import type { z } from "zod";
import {
  FACILITY_CODE_MESSAGE,
  SYNC_DISABLED_MESSAGE,
  SYNC_ERRORS,
  SYNC_NOT_CONNECTED,
  SYNC_NOT_RETURNING,
  SYNC_PROVIDER_OFF,
  SYNC_STATE_MESSAGE,
  type ConnectSyncRequest,
  type GroupSync,
  type SyncCallbackRequest,
  type SyncErrorCode,
  type SyncProvider,
  type UpdateSyncRequest,
  FACILITY_CODE_BRIVO_ONLY,
  SYNC_CHOOSE_GROUP_MESSAGE,
  SYNC_REDIRECT_MESSAGE,
  SYNC_IMPORT_LINKED,
  SYNC_IMPORT_OFF,
  type ImportSyncRequest,
  type ImportSyncResponse,
} from "../../contract/index.ts";
import type { App } from "../runtime/app.ts";
import { one, type Queryable } from "../db/index.ts";
import { validation } from "../http/errors.ts";
import { allowedRedirectUri, authorizeUrl, DirectoryClient, exchangeCode, SyncFailure, type Tokens } from "../directory/client.ts";
import type { DirectoryPerson } from "../directory/data.ts";
import { changeGroup, readGroup } from "./group-settings.ts";
import { insertGroups } from "./groups.ts";
import { findOAuthState, newOAuthState, OAUTH_STATE_TTL, useOAuthState } from "./oauth-state.ts";
import type { Principal } from "../clients/regional.ts";


/** The client setting that makes Brivo available. */
export const BRIVO_FLAG = "beta.brivo";
/** The client setting that lets a connected group's directory groups become groups of their own. */
export const IMPORT_FLAG = "beta.integrated-groups-import";
/** A consent round trip must come back within this many seconds. */
export const SYNC_STATE_TTL = OAUTH_STATE_TTL;

type Status = "connected" | "disabled" | "error";
interface SyncRow {
  group_id: number;
  provider: SyncProvider;
  status: Status;
  error: SyncErrorCode | null;
  directory_group_id: string | null;
  directory_group_name: string | null;
  facility_code: number | null;
  access_token: string;
  refresh_token: string | null;
  last_sync_at: Date | string | null;
  enabled: boolean;
}

const syncOf = (q: Queryable, groupId: number, lock = false) =>
  one<SyncRow>(q, `SELECT * FROM group_syncs WHERE group_id = $1${lock ? " FOR UPDATE" : ""}`, [groupId]);

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

const clientOf = (app: App, row: SyncRow) => new DirectoryClient(app, row.provider, { access_token: row.access_token, refresh_token: row.refresh_token });

async function saveTokens(q: Queryable, groupId: number, provider: SyncProvider, t: Tokens): Promise<void> {
  await q.query("UPDATE group_syncs SET access_token = $3, refresh_token = $4, updated_at = now() WHERE group_id = $1 AND provider = $2", [groupId, provider, t.access_token, t.refresh_token]);
}

/** Record a directory failure: status `error` (a disabled integration stays disabled), its code. */
async function recordFailure(q: Queryable, groupId: number, provider: SyncProvider, code: SyncErrorCode): Promise<void> {
  await q.query(
    `UPDATE group_syncs SET error = $3, status = CASE WHEN enabled THEN 'error' ELSE status END, updated_at = now()
      WHERE group_id = $1 AND provider = $2`,
    [groupId, provider, code],
  );
}

/** The directory's groups, live; none when the directory fails (`failed`: the code recorded). */
async function directoryGroups(app: App, row: SyncRow): Promise<{ groups: { id: string; name: string }[]; failed: SyncErrorCode | null }> {
  const dc = clientOf(app, row);
  try {
    const groups = await dc.groups();
    if (dc.refreshed) await saveTokens(app.db, row.group_id, row.provider, dc.tokens);
    return { groups, failed: null };
  } catch (err) {
    if (!(err instanceof SyncFailure)) throw err;
    await recordFailure(app.db, row.group_id, row.provider, err.code);
    return { groups: [], failed: err.code };
  }
}

/** The integration as the contract's GroupSync; `groups` when already listed, else listed live. */
async function present(app: App, groupId: number, groups?: { id: string; name: string }[]): Promise<z.input<typeof GroupSync>> {
  let row = await syncOf(app.db, groupId);
  let listed: { id: string; name: string }[] = [];
  if (row) {
    listed = groups ?? (await directoryGroups(app, row)).groups;
    if (!groups) row = await syncOf(app.db, groupId); // the listing may have recorded a failure
  }
  // Directory groups no group of this client is synced from yet (same directory).
  const linked = row
    ? new Set(
        (
          await app.db.query<{ id: string }>(
            `SELECT s.directory_group_id AS id FROM group_syncs s JOIN groups g ON g.id = s.group_id
              WHERE g.client_id = (SELECT client_id FROM groups WHERE id = $1) AND s.provider = $2 AND s.directory_group_id IS NOT NULL`,
            [groupId, row.provider],
          )
        ).map((r) => r.id),
      )
    : new Set<string>();
  const [counts] = await app.db.query<{ synced: number; manual: number }>(
    "SELECT count(*) FILTER (WHERE synced)::int AS synced, count(*) FILTER (WHERE NOT synced)::int AS manual FROM members WHERE group_id = $1",
    [groupId],
  );
  return {
    provider: row?.provider ?? null,
    status: row?.status ?? "none",
    error: row?.error ?? null,
    directory_group: row?.directory_group_id ? { id: row.directory_group_id, name: row.directory_group_name ?? row.directory_group_id } : null,
    directory_groups: listed,
    importable: listed.filter((d) => !linked.has(d.id)),
    facility_code: row?.facility_code ?? null,
    last_sync_at: iso(row?.last_sync_at ?? null),
    synced_members: counts.synced,
    manual_members: counts.manual,
  };
}

/** GET groups/{groupId}/sync. */
export const getGroupSync = (app: App, p: Principal, idParam: string) => readGroup(app, p, idParam, "ManageVisitorGroup.viewer", (_q, g) => present(app, g.id));

/** POST groups/{groupId}/sync/connect: a state bound to this user, group, provider and redirect_uri; the consent URL. */
export function connectGroupSync(app: App, p: Principal, idParam: string, body: z.infer<typeof ConnectSyncRequest>) {
  return changeGroup(app, p, idParam, "ManageVisitorGroup.editor", async (q, g) => {
    if (g.type !== "returning") throw validation({ provider: [SYNC_NOT_RETURNING] });
    if (body.provider === "brivo" && p.client.settings?.[BRIVO_FLAG] !== true) throw validation({ provider: [SYNC_PROVIDER_OFF] });
    if (body.redirect_uri !== allowedRedirectUri(app, body.provider)) throw validation({ redirect_uri: [SYNC_REDIRECT_MESSAGE] });
    const state = await newOAuthState(q, p, g.id, body.provider, body.redirect_uri);
    return { authorize_url: authorizeUrl(app, body.provider, body.redirect_uri, state) };
  });
}

/**
 * POST sync/callback: the state must be this user's (in this client), unused, under 10 minutes old,
 * for the same provider and redirect_uri; it is used up before the code is exchanged. A new
 * connection is `connected` with no directory group chosen; reconnecting the same provider (after
 * invalid_grant, say) keeps the chosen group and facility code; another provider replaces the old
 * connection, whose synced members become ordinary ones.
 */
export async function completeGroupSync(app: App, p: Principal, body: z.infer<typeof SyncCallbackRequest>) {
  const badState = () => validation({ state: [SYNC_STATE_MESSAGE] });
  const st = await findOAuthState(app, p, body.state, { provider: body.provider, redirectUri: body.redirect_uri });
  if (!st) throw badState();
  const groupParam = String(st.group_id);
  await readGroup(app, p, groupParam, "ManageVisitorGroup.editor", async () => undefined);
  if (!(await useOAuthState(app, st.id))) throw badState();

  let tokens: Tokens;
  try {
    tokens = await exchangeCode(app, body.provider, body.code, body.redirect_uri);
  } catch (err) {
    if (err instanceof SyncFailure) throw validation({ code: [SYNC_ERRORS[err.code]] });
    throw err;
  }
  return changeGroup(app, p, groupParam, "ManageVisitorGroup.editor", async (q, g) => {
    if (g.type !== "returning") throw validation({ provider: [SYNC_NOT_RETURNING] });
    const existing = await syncOf(q, g.id, true);
    if (existing && existing.provider === body.provider) {
      await q.query(
        `UPDATE group_syncs SET access_token = $2, refresh_token = $3, error = NULL, status = CASE WHEN enabled THEN 'connected' ELSE 'disabled' END, updated_at = now()
          WHERE group_id = $1`,
        [g.id, tokens.access_token, tokens.refresh_token],
      );
    } else {
      if (existing) await release(q, g.id);
      await q.query("INSERT INTO group_syncs (group_id, provider, status, access_token, refresh_token) VALUES ($1, $2, 'connected', $3, $4)", [
        g.id,
        body.provider,
        tokens.access_token,
        tokens.refresh_token,
      ]);
    }
    return { group_id: g.id, provider: body.provider };
  });
}

/** Synced members become ordinary ones, and the connection is forgotten. */
async function release(q: Queryable, groupId: number): Promise<void> {
  await q.query("UPDATE members SET synced = false, directory_id = NULL WHERE group_id = $1 AND (synced OR directory_id IS NOT NULL)", [groupId]);
  await q.query("DELETE FROM group_syncs WHERE group_id = $1", [groupId]);
}

const notConnected = () => validation({ provider: [SYNC_NOT_CONNECTED] });

/**
 * PATCH groups/{groupId}/sync: the directory group (one of the directory's, checked live when it
 * changes), the facility code (Brivo: required once a group is chosen; others: null), on or off.
 * A chosen group with syncing on is synced at once. When the directory cannot be read to check a
 * new choice, the failure is recorded and nothing is saved.
 */
export async function updateGroupSync(app: App, p: Principal, idParam: string, body: z.infer<typeof UpdateSyncRequest>) {
  const row = await readGroup(app, p, idParam, "ManageVisitorGroup.editor", (q, g) => syncOf(q, g.id));
  if (!row) throw notConnected();
  if (row.provider === "brivo") {
    if (body.directory_group_id !== null && body.facility_code === null) throw validation({ facility_code: [FACILITY_CODE_MESSAGE] });
  } else if (body.facility_code !== null) {
    throw validation({ facility_code: [FACILITY_CODE_BRIVO_ONLY] });
  }
  let name = row.directory_group_name;
  let listed: { id: string; name: string }[] | undefined;
  if (body.directory_group_id !== null && body.directory_group_id !== row.directory_group_id) {
    const dir = await directoryGroups(app, row);
    listed = dir.groups;
    if (dir.failed) return present(app, row.group_id, listed);
    const chosen = listed.find((x) => x.id === body.directory_group_id);
    if (!chosen) throw validation({ directory_group_id: [SYNC_ERRORS.not_found] });
    name = chosen.name;
  }
  const saved = await changeGroup(app, p, idParam, "ManageVisitorGroup.editor", async (q, g) => {
    const cur = await syncOf(q, g.id, true);
    if (!cur || cur.provider !== row.provider) throw notConnected();
    const status: Status = !body.enabled ? "disabled" : cur.status === "disabled" ? "connected" : cur.status;
    await q.query(
      `UPDATE group_syncs SET directory_group_id = $2, directory_group_name = $3, facility_code = $4, enabled = $5, status = $6, updated_at = now() WHERE group_id = $1`,
      [g.id, body.directory_group_id, body.directory_group_id === null ? null : name, body.facility_code, body.enabled, status],
    );
    return (await syncOf(q, g.id))!;
  });
  if (saved.enabled && saved.directory_group_id !== null) return syncNow(app, p, idParam, saved);
  return present(app, saved.group_id, listed);
}

/** POST groups/{groupId}/sync/run. */
export async function runGroupSync(app: App, p: Principal, idParam: string) {
  const row = await readGroup(app, p, idParam, "ManageVisitorGroup.editor", (q, g) => syncOf(q, g.id));
  if (!row) throw notConnected();
  if (!row.enabled) throw validation({ enabled: [SYNC_DISABLED_MESSAGE] });
  if (row.directory_group_id === null) throw validation({ directory_group_id: [SYNC_CHOOSE_GROUP_MESSAGE] });
  return syncNow(app, p, idParam, row);
}

/** Read the directory group's people, then apply them in one transaction (or record the failure). */
async function syncNow(app: App, p: Principal, idParam: string, row: SyncRow) {
  const dc = clientOf(app, row);
  let people: DirectoryPerson[] | null = null;
  let failure: SyncErrorCode | null = null;
  try {
    people = await dc.members(row.directory_group_id!);
  } catch (err) {
    if (!(err instanceof SyncFailure)) throw err;
    failure = err.code;
  }
  await changeGroup(app, p, idParam, "ManageVisitorGroup.editor", async (q, g) => {
    const cur = await syncOf(q, g.id, true);
    // Changed meanwhile (disconnected, another group, turned off): leave it as it now is.
    if (!cur || cur.provider !== row.provider || cur.directory_group_id !== row.directory_group_id || !cur.enabled) return;
    if (dc.refreshed) await saveTokens(q, g.id, row.provider, dc.tokens);
    if (failure !== null) return recordFailure(q, g.id, row.provider, failure);
    await apply(q, g.id, people!);
    await q.query("UPDATE group_syncs SET status = 'connected', error = NULL, last_sync_at = now(), updated_at = now() WHERE group_id = $1", [g.id]);
  });
  return present(app, row.group_id);
}

/** The directory group's people as the group's synced members (see the module comment). */
async function apply(q: Queryable, groupId: number, people: DirectoryPerson[]): Promise<void> {
  const seen = new Set<string>();
  for (const person of people) {
    if (seen.has(person.id)) continue;
    seen.add(person.id);
    const email = person.email.trim() === "" ? null : person.email.trim().toLowerCase();
    const values = [person.name, email, person.mobile, person.id];
    const byId = await one<{ id: number }>(q, "SELECT id FROM members WHERE group_id = $1 AND directory_id = $2", [groupId, person.id]);
    const byEmail =
      byId ??
      (email === null
        ? undefined
        : await one<{ id: number }>(q, "SELECT id FROM members WHERE group_id = $1 AND NOT synced AND directory_id IS NULL AND lower(email) = $2 ORDER BY id LIMIT 1", [groupId, email]));
    if (byEmail) {
      await q.query("UPDATE members SET name = $2, email = $3, mobile = $4, directory_id = $5, synced = true WHERE id = $1", [byEmail.id, ...values]);
    } else {
      await q.query("INSERT INTO members (group_id, name, email, mobile, directory_id, synced) VALUES ($1, $2, $3, $4, $5, true)", [groupId, ...values]);
    }
  }
  await q.query("DELETE FROM members WHERE group_id = $1 AND synced AND NOT (coalesce(directory_id, '') = ANY($2::text[]))", [groupId, [...seen]]);
}

/**
 * POST groups/{groupId}/sync/import (the integrated-groups-import flag, which super users always have): each chosen directory group
 * of this group's connection becomes a new returning group, named after it and offered where this
 * group is, connected to the same directory with the same tokens, and synced. The directory is read
 * first (its groups, then each one's people); then everything is written in one transaction under
 * the client's group limit, so either every group arrives with its members or none does. A directory
 * group some group here is already synced from is refused (it would be synced twice).
 */
export async function importGroupSync(app: App, p: Principal, idParam: string, body: z.infer<typeof ImportSyncRequest>): Promise<z.input<typeof ImportSyncResponse>> {
  // The flag is the client's; super users have it too (platform §6: flags "some also apply to super users").
  if (p.client.settings?.[IMPORT_FLAG] !== true && !p.user.is_super) throw validation({ directory_group_ids: [SYNC_IMPORT_OFF] });
  const row = await readGroup(app, p, idParam, "ManageVisitorGroup.editor", (q, g) => syncOf(q, g.id));
  if (!row) throw notConnected();
  const wanted = [...new Set(body.directory_group_ids)];
  const dc = clientOf(app, row);
  const fail = (code: SyncErrorCode) => validation({ directory_group_ids: [SYNC_ERRORS[code]] });
  let chosen: { id: string; name: string; people: DirectoryPerson[] }[];
  try {
    const listed = await dc.groups();
    chosen = [];
    for (const id of wanted) {
      const d = listed.find((x) => x.id === id);
      if (!d) throw fail("not_found");
      chosen.push({ ...d, people: await dc.members(id) });
    }
  } catch (err) {
    if (!(err instanceof SyncFailure)) throw err;
    await recordFailure(app.db, row.group_id, row.provider, err.code);
    throw fail(err.code);
  }
  return changeGroup(app, p, idParam, "ManageVisitorGroup.editor", async (q, g) => {
    const cur = await syncOf(q, g.id, true);
    if (!cur || cur.provider !== row.provider) throw notConnected();
    if (dc.refreshed) await saveTokens(q, g.id, row.provider, dc.tokens);
    const taken = await one(
      q,
      `SELECT 1 FROM group_syncs s JOIN groups o ON o.id = s.group_id WHERE o.client_id = $1 AND s.provider = $2 AND s.directory_group_id = ANY($3::text[])`,
      [p.client.id, row.provider, wanted],
    );
    if (taken) throw validation({ directory_group_ids: [SYNC_IMPORT_LINKED] });
    const siteIds = (await one<{ site_ids: number[] | null }>(q, "SELECT site_ids FROM groups WHERE id = $1", [g.id]))!.site_ids;
    const ids = await insertGroups(q, p.client.id, chosen.map((d) => ({ name: d.name.slice(0, 100), type: "returning", site_ids: siteIds })));
    const out: z.input<typeof ImportSyncResponse>["groups"] = [];
    for (const [i, d] of chosen.entries()) {
      const id = ids[i]!;
      await q.query(
        `INSERT INTO group_syncs (group_id, provider, status, directory_group_id, directory_group_name, facility_code, access_token, refresh_token, last_sync_at)
         VALUES ($1, $2, 'connected', $3, $4, $5, $6, $7, now())`,
        [id, row.provider, d.id, d.name, cur.facility_code, dc.tokens.access_token, dc.tokens.refresh_token],
      );
      await apply(q, id, d.people);
      const [{ n }] = await q.query<{ n: number }>("SELECT count(*)::int AS n FROM members WHERE group_id = $1", [id]);
      out.push({ id, name: d.name.slice(0, 100), synced_members: n });
    }
    return { groups: out };
  });
}

/** DELETE groups/{groupId}/sync: synced members become ordinary (kept); the connection and pending states go. */
export async function disconnectGroupSync(app: App, p: Principal, idParam: string) {
  const id = await changeGroup(app, p, idParam, "ManageVisitorGroup.editor", async (q, g) => {
    await release(q, g.id);
    await q.query("DELETE FROM sync_states WHERE group_id = $1 AND provider <> 'slack'", [g.id]);
    return g.id;
  });
  return present(app, id);
}
