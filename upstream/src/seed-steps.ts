/**
 * The demo data's steps in the order they run: one line per area, in the areas' order (ADR 033).
 * Until the areas index (`areas.ts`) exists this list is that order; fold it in there. An area's
 * steps run after those of the areas above it (the Today data needs the clients, the audit log's
 * changes come last).
 */
import type { SeedStep } from "./runtime/seed-step.ts";
import { seedSteps as clients } from "./clients/seed.ts";
import { seedSteps as today } from "./today/seed.ts";
import { seedSteps as evacuations } from "./evacuations/seed.ts";
import { seedSteps as sites } from "./sites/seed.ts";
import { seedSteps as groups } from "./groups/seed.ts";
import { seedSteps as members } from "./members/seed.ts";
import { seedSteps as preRegistrations } from "./pre-registrations/seed.ts";
import { seedSteps as sso } from "./sso/seed.ts";
import { seedSteps as history } from "./history/seed.ts";
import { seedSteps as visits } from "./visits/seed.ts";
import { seedSteps as account } from "./account/seed.ts";
import { seedSteps as attendance } from "./attendance/seed.ts";
import { seedSteps as safetyCheck } from "./safety-check/seed.ts";
import { seedSteps as notifications } from "./notifications/seed.ts";
import { seedSteps as apiClients } from "./api-clients/seed.ts";
import { seedSteps as visitorForms } from "./visitor-forms/seed.ts";
import { seedSteps as audit } from "./audit/seed.ts";

export const SEED_STEPS: readonly SeedStep[] = [
  ...clients,
  ...today,
  ...evacuations,
  ...sites,
  ...groups,
  ...members,
  ...preRegistrations,
  ...sso,
  ...history,
  ...visits,
  ...account,
  ...attendance,
  ...safetyCheck,
  ...notifications,
  ...apiClients,
  ...visitorForms,
  ...audit,
];
