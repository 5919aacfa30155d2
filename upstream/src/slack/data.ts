/**
 * The demo Slack's one workspace and its public channels (stable ids, as Slack's: what a
 * connection stores). Used by the demo Slack (`server.ts`) and by the seed (Acme's Visitors group
 * posts to #reception).
 */
export const DEMO_TEAM = { id: "T0GATEHOUSE", name: "Gatehouse Demo" } as const;
export const DEMO_BOT_USER = "U0GATEBOT1";
export const DEMO_APP_ID = "A0GATEHOUSE";

export interface DemoChannel {
  id: string;
  name: string;
  topic: string;
}

export const DEMO_CHANNELS: readonly DemoChannel[] = [
  { id: "C0RECEPTION", name: "reception", topic: "Who is arriving at the front desk" },
  { id: "C0FRONTDESK", name: "front-desk", topic: "Front desk team chat" },
  { id: "C0SECURITY1", name: "security", topic: "Site security" },
  { id: "C0DELIVERY1", name: "deliveries", topic: "Parcels and couriers" },
  { id: "C0GENERAL01", name: "general", topic: "Everything else" },
];

/** The channel the seed connects Acme's Visitors group to. */
export const SEEDED_SLACK = { group: "Visitors", channel: DEMO_CHANNELS[0] };
