/**
 * The client's Slack workspace for notifications (ADR 028 "Slack workspace"): not connected
 * (connect, for administrators of every site), or connected — the workspace, its state in words (posting, failing
 * and why, or to be connected again) — with connect again and disconnect. No JavaScript needed.
 */
import { useTranslation } from "react-i18next";
import type { ClientSlack } from "@contract";
import { Facts, IntentButtons } from "~/features/groups/integration-parts";

/** `hint`: why someone who is not `admin` cannot connect (an administrator does it; one of every site). */
export function SlackPanel({ slack, action, admin, hint }: { slack: ClientSlack | null; action: string; admin: boolean; hint: "slack.admin_only" | "slack.every_site_only" }) {
  const { t } = useTranslation("notifications");
  if (!slack) return <p className="warning">{t("slack.unavailable")}</p>;
  if (slack.status === "none") {
    return (
      <>
        <p>{t("slack.none")}</p>
        {admin ? <IntentButtons action={action} buttons={[{ intent: "connect-slack", label: t("slack.connect"), variant: "primary" }]} /> : <p className="hint">{t(hint)}</p>}
      </>
    );
  }
  const reason = slack.error ? t(`groups:slack.error.${slack.error}`) : "";
  const state = slack.status === "reconnect" ? t("slack.status.reconnect", { reason }) : slack.status === "error" ? t("slack.status.error", { reason }) : t("slack.status.connected");
  return (
    <>
      <Facts
        facts={[
          { term: t("slack.workspace"), value: slack.workspace ?? "" },
          { term: t("slack.state"), value: state, error: slack.status !== "connected" },
          { term: t("slack.channels"), value: slack.channels.length ? slack.channels.map((c) => `#${c.name}`).join(", ") : t("slack.no_channels") },
        ]}
      />
      {admin ? (
        <IntentButtons
          action={action}
          buttons={[
            { intent: "connect-slack", label: t(slack.status === "reconnect" ? "slack.reconnect" : "slack.connect_again") },
            { intent: "disconnect-slack", label: t("slack.disconnect") },
          ]}
        />
      ) : null}
    </>
  );
}
