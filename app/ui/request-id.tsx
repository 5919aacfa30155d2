import { createContext, useContext } from "react";

/**
 * The id of the document request (the `X-Request-Id` the server sent), for error pages: people
 * quote it to support, who find the request's log line by it. The server provides it; in the
 * browser it is read back from the page (`<html data-request-id>`), so hydration matches.
 */
const RequestIdContext = createContext(typeof document === "undefined" ? "" : (document.documentElement.dataset.requestId ?? ""));
export const RequestIdProvider = RequestIdContext.Provider;
export const useRequestId = () => useContext(RequestIdContext);
