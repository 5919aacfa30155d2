import { z } from "zod";

/** An error answered as JSON with `status` and `body` (never logged as a server error). */
export class HttpError extends Error {
  constructor(
    public status: number,
    public body: Record<string, unknown>,
    public headers: Record<string, string> = {},
  ) {
    super(typeof body.message === "string" ? body.message : `HTTP ${status}`);
  }
}

export const unauthorized = (code: string, message?: string, data?: Record<string, unknown>) =>
  new HttpError(401, { code, ...(message ? { message } : {}), ...(data ? { data } : {}) });

export const sessionExpired = () => unauthorized("session_expired", "Your session has expired, please login.");

export const forbidden = (message = "This action is unauthorized.", code?: string) =>
  new HttpError(403, { ...(code ? { code } : {}), message });

export const notFound = (message = "Not found.") => new HttpError(404, { message });

/** 422 with field errors. */
export function validation(errors: Record<string, string[]>, message?: string): HttpError {
  const first = Object.values(errors)[0]?.[0];
  return new HttpError(422, { message: message ?? first ?? "The given data was invalid.", errors });
}

function humanField(field: string): string {
  return field.replace(/_/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
}

/**
 * Whether a schema gave this issue its own message (e.g. "A site name is required"): such messages
 * are the spec's wording and pass through as they are. zod's defaults are what its locale would say;
 * an invalid_type default names the received type, which the issue no longer carries.
 */
function hasOwnMessage(issue: z.core.$ZodIssue): boolean {
  if (issue.code === "invalid_type") return !issue.message.startsWith("Invalid input");
  const fallback = z.config().localeError?.(issue as never);
  const text = typeof fallback === "string" ? fallback : fallback?.message;
  return text !== undefined && text !== issue.message;
}

/** Turn zod issues into `{field: [messages]}` with Laravel-like wording (a schema's own message as it is). */
export function zodErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join(".") || "body";
    const name = humanField(field);
    let msg = issue.message;
    if (hasOwnMessage(issue)) {
      // keep it
    } else if (issue.code === "invalid_type" && (issue as { input?: unknown }).input === undefined) {
      msg = `The ${name} field is required.`;
    } else if (issue.code === "invalid_type") {
      msg = `The ${name} field must be of type ${issue.expected}.`;
    } else if (issue.code === "too_big" && issue.origin === "string") {
      msg = `The ${name} field must not be greater than ${String(issue.maximum)} characters.`;
    } else if (issue.code === "unrecognized_keys") {
      msg = `Unknown fields: ${issue.keys.join(", ")}.`;
    } else if (issue.code === "invalid_format") {
      msg = `The ${name} field format is invalid.`;
    } else {
      msg = `The ${name} field is invalid: ${issue.message}`;
    }
    (out[field] ??= []).push(msg);
  }
  return out;
}
