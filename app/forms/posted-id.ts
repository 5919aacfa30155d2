/** A positive id posted as text (a form's select or hidden field), for a browser-side schema. */
import { z } from "zod";

export const postedId = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .refine((n) => n > 0, message);
