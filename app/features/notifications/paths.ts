/** Where the notifications area lives (ADR 028): the list, a notification, Slack's return page. */
export const NOTIFICATIONS_PATH = "/manage/features/notifications";
export const notificationPath = (id: number) => `${NOTIFICATIONS_PATH}/${id}`;
/** The delivery log of one notification (its page is the delivery side's). */
export const deliveriesPath = (id: number) => `${NOTIFICATIONS_PATH}/${id}/deliveries`;
export const SLACK_CALLBACK_PATH = `${NOTIFICATIONS_PATH}/slack-callback`;
/** How many blank filter rows the form offers without JavaScript (more with "Add another filter"). */
export const BLANK_FILTER_ROWS = 3;
