/** Where the portal users live (shared by the server and the browser). */
export const USERS_PATH = "/manage/account/users";
export const userPath = (id: number) => `${USERS_PATH}/${id}`;
/** What a 404 means for a user form or row: the upstream's "Failed to find existing user". */
export const USER_NOT_FOUND = "users:errors.notFound";
