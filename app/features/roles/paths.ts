/** Where the roles pages are (shared by the server and the browser). */
export const PERMISSIONS_PATH = "/manage/account/permissions";
