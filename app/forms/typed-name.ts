/** Deleting a whole thing (a site, an event, a group) asks for its name, typed exactly (groups spec §5). */
import { z } from "zod";

export const typedNameSchema = (name: string) =>
  z.object({
    confirm: z.string({ error: "common:validation.delete_confirm" }).refine((typed) => typed.trim() === name, "common:validation.delete_confirm"),
  });
