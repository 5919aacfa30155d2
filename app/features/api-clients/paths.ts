/** Where the client API's credentials live (shared by the server and the browser). */
export const API_CLIENTS_PATH = "/manage/features/api-clients";
export const API_CLIENT_NOT_FOUND = "features:api_clients.messages.notFound";
