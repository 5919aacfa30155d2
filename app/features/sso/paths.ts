/** Where the SSO self-service tabs live (shared by the server and the browser). */
export const SSO_PATH = "/manage/account/sso";
export const ssoTab = (tab: "users" | "configuration" | "access-requests" | "settings") => `${SSO_PATH}/${tab}`;
