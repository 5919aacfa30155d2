/** Internal header set by the server on every request (any value from the client is overwritten). */
export const REQUEST_ID_HEADER = "x-gatehouse-request-id";

/**
 * Internal header set by the server on every request (any value from the client is overwritten):
 * the browser's address as the portal trusts it (TRUST_PROXY), passed on to the upstream as
 * X-Forwarded-For so its audit log says where a change came from (ADR 022).
 */
export const CLIENT_ADDRESS_HEADER = "x-gatehouse-client-address";
