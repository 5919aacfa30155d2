/** Internal header set by the server on every request (any value from the client is overwritten). */
export const REQUEST_ID_HEADER = "x-gatehouse-request-id";
