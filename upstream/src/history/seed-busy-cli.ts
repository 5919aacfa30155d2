/**
 * `npm run seed:busy`: the busy demo client (`seed-busy.ts`, ADR 025) in the upstream's database
 * (DATABASE_URL, else the embedded one in DATA_DIR), migrations first. Idempotent.
 */
import { optionsFromEnv, resolveOptions } from "../config.ts";
import { migrate, openDb } from "../db/index.ts";
import { seedBusyClient } from "./seed-busy.ts";

const db = await openDb(resolveOptions(optionsFromEnv()));
try {
  await migrate(db);
  const r = await seedBusyClient(db);
  console.log(r.created ? `Busy Logistics created: ${r.visits} visits in ${r.ms} ms (sign in as busy@example.com)` : `Busy Logistics already there: ${r.visits} visits`);
} finally {
  await db.close();
}
