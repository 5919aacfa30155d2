/**
 * A returning group's directory integration, server side (groups spec §1, §2, §5, §8): its state for
 * a page, and the actions every page showing it answers — connect (to the provider's consent, via
 * the upstream: the browser leaves for the directory and comes back to
 * /manage/group/callback/{provider}), choose the directory group (and Brivo's facility code), sync
 * now, turn syncing off or on, disconnect. Each parses its form, answers a refusal with `refused`
 * and succeeds with `done`.
 */
import { redirect } from "@remix-run/node";
import { SYNC_PROVIDERS, type GroupSync, type SyncProvider } from "@contract";
import type { Access } from "~/access/guard.server";
import type { Locale } from "~/i18n/config";
import { formatDateTimeAt } from "~/i18n/format";
import { answerNotice, done, invalid, refused } from "~/forms/action-result.server";
import { parseSubmission } from "~/forms/submission";
import { upstreamLoadOrNull } from "~/upstream/load.server";
import type { GroupTabAction } from "./group.server";
import { GROUP_NOT_FOUND } from "./section.server";
import { chooseSchema, connectSchema, importSchema } from "./sync";

/** Where a provider sends the browser back: this portal's callback page (the upstream allows only its own portal's). */
export const callbackUrl = (request: Request, provider: SyncProvider) => `${new URL(request.url).origin}/manage/group/callback/${provider}`;

/** The group's integration, or null when the directory cannot be asked now (the page still shows). */
export const loadSync = (access: Pick<Access, "viewer">, groupId: number): Promise<GroupSync | null> =>
  upstreamLoadOrNull(access.viewer.api("groupSync", { params: { groupId } }));

/** What a page showing the integration needs: its state, the directories on offer, the last sync in words. */
export function syncPageData(access: Pick<Access, "ctx" | "config">, sync: GroupSync | null, locale: Locale) {
  const zone = access.config.sites[0]?.timezone ?? "UTC";
  const providers = SYNC_PROVIDERS.filter((p) => p !== "brivo" || access.ctx.flags.has("brivo"));
  return {
    sync,
    providers,
    lastSync: sync?.last_sync_at ? formatDateTimeAt(sync.last_sync_at, zone, locale) : null,
    /** The integrated-groups-import flag: the directory's other groups may become groups here. */
    canImport: access.ctx.flags.has("integrated-groups-import"),
  };
}

/** Where each page of the integration sends the browser after a change. */
export type SyncPage = (group: GroupTabAction["group"]) => string;

export function syncHandlers(back: SyncPage) {
  return {
    /** Start connecting: to the provider's consent page. */
    async connect({ request, viewer, group, form }: GroupTabAction) {
      const intent = { intent: "connect" };
      // A group with no directory panel (not a returning group) hears it on the page, not on a form it has not got.
      if (group.type !== "returning") return answerNotice(intent, "groups:sync.not_returning", 422);
      const submission = parseSubmission(form, { schema: connectSchema });
      if (submission.status !== "success") return invalid(intent, submission);
      const provider = submission.value.provider;
      try {
        const { authorize_url } = await viewer.api("connectGroupSync", { params: { groupId: group.id }, body: { provider, redirect_uri: callbackUrl(request, provider) } });
        return redirect(authorize_url);
      } catch (err) {
        return refused(err, { ...intent, submission, fields: (key) => (key === "provider" ? "provider" : null), notFound: GROUP_NOT_FOUND });
      }
    },
    /** Choose the directory group (and Brivo's facility code): synced at once. */
    async choose({ request, viewer, group, form }: GroupTabAction) {
      const intent = { intent: "choose" };
      const submission = parseSubmission(form, { schema: chooseSchema });
      if (submission.status !== "success") return invalid(intent, submission);
      const v = submission.value;
      try {
        await viewer.api("updateGroupSync", { params: { groupId: group.id }, body: { directory_group_id: v.directory_group_id, enabled: true, facility_code: v.facility_code ?? null } });
      } catch (err) {
        return refused(err, { ...intent, submission, fields: (key) => (key === "directory_group_id" || key === "facility_code" ? key : null), notFound: GROUP_NOT_FOUND });
      }
      return done(request, viewer, back(group), { key: "groups:sync.chosen", values: { name: group.name }, tone: "success" });
    },
    /** Sync now (a directory failure comes back as the integration's error, shown on the page). */
    async sync({ request, viewer, group }: GroupTabAction) {
      let after: GroupSync;
      try {
        after = await viewer.api("runGroupSync", { params: { groupId: group.id } });
      } catch (err) {
        return refused(err, { intent: "sync", row: null, notFound: GROUP_NOT_FOUND });
      }
      if (after.status === "error") return done(request, viewer, back(group), { key: `groups:sync.error.${after.error}`, tone: "error" });
      return done(request, viewer, back(group), { key: "groups:sync.synced", values: { count: after.synced_members }, tone: "success" });
    },
    /** Turn syncing off (kept, not synced) or on again. */
    async toggle({ request, viewer, group, form }: GroupTabAction) {
      const enabled = form.get("enabled") === "true";
      let current: GroupSync;
      try {
        current = await viewer.api("groupSync", { params: { groupId: group.id } });
        await viewer.api("updateGroupSync", {
          params: { groupId: group.id },
          body: { directory_group_id: current.directory_group?.id ?? null, enabled, facility_code: current.facility_code },
        });
      } catch (err) {
        return refused(err, { intent: "toggle", row: null, notFound: GROUP_NOT_FOUND });
      }
      return done(request, viewer, back(group), { key: enabled ? "groups:sync.enabled" : "groups:sync.disabled", tone: "success" });
    },
    /** With the integrated-groups-import flag: the chosen directory groups become groups of their own, each synced. */
    async import({ request, access, viewer, group, form }: GroupTabAction) {
      const intent = { intent: "import" };
      // Without the flag there is no import form: say it on the page.
      if (!access.ctx.flags.has("integrated-groups-import")) return answerNotice(intent, "groups:sync.validation.import_off", 422);
      const submission = parseSubmission(form, { schema: importSchema });
      if (submission.status !== "success") return invalid(intent, submission);
      let created: { name: string }[];
      try {
        created = (await viewer.api("importGroupSync", { params: { groupId: group.id }, body: { directory_group_ids: submission.value.directory_group_ids } })).groups;
      } catch (err) {
        return refused(err, { ...intent, submission, fields: (key) => (key === "directory_group_ids" || key === "group_limit" ? "directory_group_ids" : null), notFound: GROUP_NOT_FOUND });
      }
      return done(request, viewer, back(group), { key: "groups:sync.imported", values: { count: created.length, names: created.map((g) => g.name).join(", ") }, tone: "success" });
    },
    /** Disconnect: synced members stay, as members added by hand. */
    async disconnect({ request, viewer, group }: GroupTabAction) {
      try {
        await viewer.api("disconnectGroupSync", { params: { groupId: group.id } });
      } catch (err) {
        return refused(err, { intent: "disconnect", row: null, notFound: GROUP_NOT_FOUND });
      }
      return done(request, viewer, back(group), { key: "groups:sync.disconnected", values: { name: group.name }, tone: "success" });
    },
  };
}
