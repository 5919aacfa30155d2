/**
 * /manage/features/notifications — the client's notifications (platform §2; groups spec §3;
 * ManageNotification.viewer, active accounts; ADR 028): filters as a GET form (site, group,
 * trigger, channel, a search), 15 a page, each row with its trigger, site, group, channel,
 * recipients and whether it is enabled (in words), to edit, enable or disable, delete; "New
 * notification"; and the client's Slack workspace (connect, for administrators). No JavaScript needed.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NOTIFICATION_CHANNELS, NOTIFICATION_TRIGGERS } from "@contract/notification-messages";
import { pageParam } from "~/forms/list-state.server";
import { pageCount } from "~/forms/paging";
import { dispatch } from "~/forms/intents.server";
import { requireAccess } from "~/access/guard.server";
import { pageNotice } from "~/forms/action-result";
import { postedId } from "~/forms/action-result.server";
import { loadOptions, mayConnectSlack } from "~/features/notifications/notifications.server";
import { NOTIFICATIONS_PATH } from "~/features/notifications/paths";
import { translator } from "~/i18n/i18n.server";
import { upstreamLoad } from "~/upstream/load.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { pageTitle } from "~/ui/meta";
import { ActionNotice } from "~/ui/notice";
import { Pager } from "~/ui/pager";
import { connectSlack, disconnectSlack, remove, toggle, type ListAction } from "./actions.server";
import { NotificationTable } from "./notification-table";
import { SlackPanel } from "./slack-panel";

export const meta: MetaFunction<typeof loader> = pageTitle;

const oneOf = <T extends string>(all: readonly T[], v: string | null): T | "" => ((all as readonly string[]).includes(v ?? "") ? (v as T) : "");

/** The list's filters and page from the URL (bounded), and as a query string to keep. */
function filtersOf(url: URL) {
  const q = url.searchParams;
  const filters = {
    search: (q.get("search") ?? "").trim().slice(0, 100),
    site_id: String(postedId(q.get("site_id")) ?? ""),
    group_id: String(postedId(q.get("group_id")) ?? ""),
    trigger: oneOf(NOTIFICATION_TRIGGERS, q.get("trigger")),
    channel: oneOf(NOTIFICATION_CHANNELS, q.get("channel")),
  };
  const page = pageParam(url);
  const kept = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== ""));
  const query = new URLSearchParams({ ...kept, ...(page > 1 ? { page: String(page) } : {}) }).toString();
  return { filters, kept, page, list: query ? `?${query}` : "" };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const [access, { t }] = await Promise.all([requireAccess(request), translator(request, "notifications")]);
  const { filters, kept, page, list } = filtersOf(new URL(request.url));
  const [result, options] = await Promise.all([
    upstreamLoad(access.viewer.api("notifications", { query: { ...kept, page } })),
    loadOptions(access),
  ]);
  return data(
    {
      title: `${t("list.title")} · Gatehouse`,
      notifications: result.notifications,
      total: result.total,
      page: result.page,
      pages: pageCount(result.total, result.per_page),
      filters,
      kept,
      list,
      options,
      slackNames: Object.fromEntries(options.slack.channels.map((c) => [c.id, c.name])),
      // The workspace serves every site: an administrator restricted to some sites does not change it.
      admin: mayConnectSlack(access) && options.every_site,
      slackHint: (mayConnectSlack(access) && !options.every_site ? "slack.every_site_only" : "slack.admin_only") as "slack.every_site_only" | "slack.admin_only",
    },
    { headers: access.headers },
  );
}

const INTENTS = { toggle, delete: remove, "connect-slack": connectSlack, "disconnect-slack": disconnectSlack };

export async function action({ request }: ActionFunctionArgs) {
  const access = await requireAccess(request);
  const form = await request.formData();
  return dispatch(form, INTENTS, { request, access, form });
}

export default function Notifications() {
  const d = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("notifications");
  const filtered = Object.keys(d.kept).length > 0;
  return (
    <>
      <h1>{t("list.heading")}</h1>
      <p className="hint">{t("list.intro")}</p>
      <div className="toolbar">
        <Link className="button" to={`${NOTIFICATIONS_PATH}/new`}>
          {t("list.new")}
        </Link>
      </div>
      <Form method="get" action={NOTIFICATIONS_PATH} className="filter-bar" role="search" aria-label={t("list.filters")}>
        <div className="field field--inline">
          <label htmlFor="n-search">{t("list.search")}</label>
          <input id="n-search" type="search" name="search" defaultValue={d.filters.search} key={d.filters.search} maxLength={100} />
        </div>
        <FilterSelect id="n-site" name="site_id" label={t("list.column.site")} value={d.filters.site_id} all={t("list.any")} options={d.options.sites.map((s) => [String(s.id), s.name])} />
        <FilterSelect id="n-group" name="group_id" label={t("list.column.group")} value={d.filters.group_id} all={t("list.any")} options={d.options.groups.map((g) => [String(g.id), g.name])} />
        <FilterSelect id="n-trigger" name="trigger" label={t("list.column.trigger")} value={d.filters.trigger} all={t("list.any")} options={NOTIFICATION_TRIGGERS.map((x) => [x, t(`trigger.${x}`)])} />
        <FilterSelect id="n-channel" name="channel" label={t("list.column.channel")} value={d.filters.channel} all={t("list.any")} options={NOTIFICATION_CHANNELS.map((x) => [x, t(`channel.${x}`)])} />
        <button type="submit" className="button button--secondary">
          {t("list.apply")}
        </button>
      </Form>
      <ActionNotice notice={pageNotice(answer, d.notifications.map((n) => n.id))} />
      {d.notifications.length === 0 ? (
        <p className="empty-state">{t(filtered ? "list.no_match" : "list.empty")}</p>
      ) : (
        <NotificationTable base={NOTIFICATIONS_PATH} notifications={d.notifications} total={d.total} list={d.list} slackNames={d.slackNames} answer={answer} />
      )}
      <Pager label={t("list.pages")} page={d.page} pages={d.pages} base={NOTIFICATIONS_PATH} keep={d.kept} />
      <section className="tab-section" aria-labelledby="slack-heading" id="slack">
        <h2 id="slack-heading">{t("slack.heading")}</h2>
        <p className="hint">{t("slack.intro")}</p>
        <SlackPanel slack={d.options.slack} action={NOTIFICATIONS_PATH} admin={d.admin} hint={d.slackHint} />
      </section>
    </>
  );
}

function FilterSelect({ id, name, label, value, all, options }: { id: string; name: string; label: string; value: string; all: string; options: [string, string][] }) {
  return (
    <div className="field field--inline">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value} key={value}>
        <option value="">{all}</option>
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inShell />;
}
