/**
 * Slack's words as plain values, without zod: the portal's known-messages table imports them (as
 * ./group-messages, ADR 010), and a later notifications area posting to Slack reuses the same
 * codes. ./index re-exports them.
 */
import type { Catalogue } from "./catalogue.ts";

/**
 * What can go wrong talking to Slack, by code (a connection shows its last one). Slack's own
 * error names are folded into these by the upstream's Slack client (`upstream/src/slack/client.ts`).
 */
export const SLACK_ERRORS = {
  /** The token was revoked or the app uninstalled (invalid_auth, token_revoked, account_inactive…): connect again. */
  invalid_auth: "Slack no longer accepts this connection: connect again",
  /** The channel was deleted or archived. */
  channel_not_found: "That channel no longer exists in Slack",
  /** HTTP 429 `ratelimited`. */
  ratelimited: "Slack is busy: try again in a minute",
  /** No answer, or not a Slack answer (a 5xx, a proxy's page). */
  unreachable: "Slack could not be reached",
  /** Any other refusal (an invalid code, a message Slack would not take). */
  refused: "Slack refused the request",
} as const;
export type SlackErrorCode = keyof typeof SLACK_ERRORS;
export const SLACK_ERROR_CODES = Object.keys(SLACK_ERRORS) as [SlackErrorCode, ...SlackErrorCode[]];

export const SLACK_STATE_MESSAGE = "This sign-in to Slack has expired or was not started here: connect again";
export const SLACK_NOT_CONNECTED = "Connect Slack first";
export const SLACK_CHANNEL_MESSAGE = "Choose a channel of the connected Slack workspace";
export const SLACK_CHOOSE_CHANNEL_FIRST = "Choose a Slack channel first";
/** The upstream's own message (not in the contract): a redirect_uri other than the group's return page. */
export const SLACK_REDIRECT_MESSAGE = "This callback address is not allowed for connecting Slack";

/** A group's Slack connection (its notifications tab; ADR 016): the catalogue (ADR 035). */
export const SLACK_CATALOGUE: Catalogue = {
  tables: [{ branch: "groups:slack.error.", messages: SLACK_ERRORS }],
  pairs: [
    [SLACK_STATE_MESSAGE, "groups:slack.state_invalid"],
    [SLACK_NOT_CONNECTED, "groups:slack.not_connected"],
    [SLACK_CHANNEL_MESSAGE, "groups:slack.validation.channel_unknown"],
    [SLACK_CHOOSE_CHANNEL_FIRST, "groups:slack.validation.channel_first"],
    [SLACK_REDIRECT_MESSAGE, "groups:slack.validation.redirect"],
  ],
};
