/**
 * Microsoft Teams: an Adaptive Card message POSTed to the notification's Workflows URL (the "Post to
 * a channel when a webhook request is received" workflow), through the same SSRF guard as webhooks.
 */
import { eventText } from "./text.ts";
import { postGuarded } from "./http.ts";
import { failed, type Channel } from "./types.ts";

export const teamsMessage = (text: string, title: string) => ({
  type: "message",
  attachments: [
    {
      contentType: "application/vnd.microsoft.card.adaptive",
      contentUrl: null,
      content: {
        $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
        type: "AdaptiveCard",
        version: "1.4",
        body: [
          { type: "TextBlock", text: title, weight: "Bolder", size: "Medium", wrap: true },
          { type: "TextBlock", text, wrap: true },
        ],
      },
    },
  ],
});

export const sendTeams: Channel = async (app, n, d) => {
  if (!n.url) return failed("No Workflows URL");
  const body = JSON.stringify(teamsMessage(eventText(d.payload), n.subject?.trim() || "Gatehouse"));
  return postGuarded(n.url, body, {}, app.opts.notifyAllowPrivate);
};
