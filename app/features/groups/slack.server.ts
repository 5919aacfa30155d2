/**
 * A group's Slack connection, what its two pages share (ADR 016): the notifications tab starts
 * connecting and is where everything is shown; Slack sends the browser back to the return page
 * /manage/group/callback/slack/{id} (groups spec §2), which finishes it and leads back to the tab.
 */

/** Slack's return page for the group: this portal's own (the upstream allows only its portal's, for that group). */
export const slackReturnUrl = (request: Request, groupId: number) => `${new URL(request.url).origin}/manage/group/callback/slack/${groupId}`;

/** The group's notifications tab, at its Slack region. */
export const slackTab = (groupId: number) => `/manage/group/${groupId}/notifications#slack`;
