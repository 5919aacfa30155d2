/**
 * A new client API credential (ADR 030): a name and at least one scope. The messages are the
 * upstream's own (known-messages: `features:api_clients.messages.*`); the upstream checks again.
 */
import { z } from "zod";
import { API_CLIENT_LIMITS, API_CLIENT_SCOPES } from "@contract";
import { apiClientKey } from "~/features/api-clients/keys";
import { singleLine } from "~/forms/control-characters";

export const apiClientSchema = z.object({
  name: singleLine(
    z
      .string({ error: apiClientKey("nameRequired") })
      .trim()
      .min(1, apiClientKey("nameRequired"))
      .max(API_CLIENT_LIMITS.name, apiClientKey("nameTooLong")),
  ),
  scopes: z
    .array(z.string().max(50, apiClientKey("unknownScope")), { error: apiClientKey("scopesRequired") })
    .min(1, apiClientKey("scopesRequired"))
    .max(API_CLIENT_SCOPES.length, apiClientKey("unknownScope"))
    // One message on the list (not on an element conform would not show).
    .refine((scopes) => scopes.every((s) => (API_CLIENT_SCOPES as readonly string[]).includes(s)), apiClientKey("unknownScope")),
});

/** The translation key of what a scope allows. */
export const scopeKey = (scope: string) => `api_clients.scope.${scope.replace(/[^a-z]/g, "_")}`;
