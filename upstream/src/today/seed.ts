/**
 * Demo data of the Today view (seed revision 3): groups, members (with documents and absences),
 * visits and one kiosk device per standard site.
 *
 * Counts on site today (signed in, delivery groups excluded): Head Office 12, Warehouse 3, Main
 * Campus 5, Cypress Creek HQ 7, every other site 0. Besides those: two deliveries on site at Acme
 * (not counted), one contractor waiting for approval at Head Office, signed-out visits over the past
 * three weeks (the history tab), and companion-app sign-ins with a location.
 *
 * Kiosk device tokens are `demo-kiosk-{site key}` (e.g. `demo-kiosk-acme-hq`), documented in the
 * README; only their sha256 is stored.
 */
import { one, type Queryable } from "../db/index.ts";
import type { SeedStep } from "../runtime/seed-step.ts";
import { perDemoClient } from "../clients/seed.ts";
import { sha256 } from "../auth/crypto.ts";

type GroupType = "standard" | "returning" | "delivery";
type AbsenceStatus = "pending" | "approved" | "declined" | "cancelled";

interface MemberSeed {
  name: string;
  email?: string;
  mobile?: string;
  /** [title, expires in N days (negative = expired) or null]. */
  documents?: [string, number | null][];
  /** [type, starts in N days, ends in N days, status, reason?]. */
  absences?: [string, number, number, AbsenceStatus, string?][];
}

interface GroupSeed {
  name: string;
  type: GroupType;
  approval_required?: boolean;
  /** Site keys the group is shown at; omitted = every site. */
  sites?: string[];
  members?: MemberSeed[];
}

interface VisitSeed {
  site: string;
  group: string;
  /** The member's name for returning groups, else the visitor's. */
  name: string;
  company?: string;
  host?: string;
  /** Default signed_in (today); signed_out and rejected need `daysAgo`. */
  status?: "signed_in" | "pending" | "signed_out" | "rejected";
  daysAgo?: number;
  source?: "portal" | "kiosk" | "companion";
  location?: [number, number, number];
  fields?: Record<string, string>;
  notes?: string;
  protected?: boolean;
}

interface ClientVisitData {
  groups: GroupSeed[];
  visits: VisitSeed[];
}

const ukMobile = (n: number) => `+44 7700 900${String(n).padStart(3, "0")}`;
const usMobile = (area: number, n: number) => `+1 ${area} 555 01${String(n).padStart(2, "0")}`;

const staff = (names: string[], domain: string, mobile: (i: number) => string): MemberSeed[] =>
  names.map((name, i) => ({ name, email: `${name.toLowerCase().replace(/[^a-z]+/g, ".")}@${domain}`, mobile: mobile(i + 1) }));

const round5 = (x: number) => Math.round(x * 1e5) / 1e5;

/**
 * Signed-out visits of members on a pattern of past days (deterministic); every fourth day through
 * the companion app, with a location near `at` when given.
 */
function history(site: string, group: string, names: string[], days: number, at?: [number, number]): VisitSeed[] {
  const out: VisitSeed[] = [];
  names.forEach((name, i) => {
    for (let d = 1; d <= days; d++) {
      if ((d + i) % 7 === 5 || (d + i) % 7 === 6 || (d * (i + 3)) % 5 === 0) continue;
      const companion = d % 4 === 0;
      out.push({
        site,
        group,
        name,
        status: "signed_out",
        daysAgo: d,
        source: companion ? "companion" : "kiosk",
        ...(companion && at ? { location: [round5(at[0] + ((i % 3) - 1) * 0.0002), round5(at[1] + ((d % 3) - 1) * 0.0002), 10 + ((i + d) % 4) * 5] as [number, number, number] } : {}),
      });
    }
  });
  return out;
}

const ACME_STAFF: MemberSeed[] = staff(
  ["Amelia Hart", "Ben Okafor", "Chloe Davies", "Daniel Wright", "Emily Chen", "Farhan Ali", "George Miller", "Hannah Scott", "Isaac Turner", "Jasmine Patel", "Kieran Walsh", "Laura Jones"],
  "acme.example.com",
  (i) => ukMobile(100 + i),
);
Object.assign(ACME_STAFF[0], {
  documents: [["First aid at work certificate", 240], ["Fire marshal training", 30]],
  absences: [["Annual leave", 7, 11, "approved", "Family holiday"], ["Annual leave", 45, 46, "pending"]],
});
Object.assign(ACME_STAFF[1], { documents: [["DBS check", null]], absences: [["Sickness", -3, -2, "approved", "Flu"]] });
Object.assign(ACME_STAFF[3], { absences: [["Annual leave", 21, 25, "pending", "Family wedding"]] });
Object.assign(ACME_STAFF[4], { documents: [["Forklift licence", -10], ["Manual handling training", 120]] });
Object.assign(ACME_STAFF[7], { documents: [["Forklift licence", 300]], absences: [["Training", 2, 2, "approved", "Forklift refresher"]] });
Object.assign(ACME_STAFF[9], { absences: [["Annual leave", 14, 14, "declined", "Short notice"], ["Sickness", -12, -10, "approved"]] });

const HQ_FIELDS = (company: string, host: string, purpose: string, car = "") => ({
  Company: company,
  ...(car ? { "Car registration": car } : {}),
  "Who are you visiting?": host,
  "Purpose of visit": purpose,
  "Have you read the safety briefing?": "Yes",
});

export const VISIT_DATA: Record<string, ClientVisitData> = {
  "eu:1": {
    groups: [
      { name: "Visitors", type: "standard" },
      { name: "Staff", type: "returning", members: ACME_STAFF },
      {
        name: "Contractors",
        type: "returning",
        approval_required: true,
        sites: ["acme-hq", "acme-wh"],
        members: [
          { name: "Bob Mason", email: "bob@masonbuilding.example.com", mobile: ukMobile(201), documents: [["Public liability insurance", 20], ["CSCS card", 400]] },
          { name: "Priya Sharma", email: "priya@sharmaelectrical.example.com", mobile: ukMobile(202), documents: [["Electrical competent person certificate", 180]] },
          { name: "Tom Fletcher", email: "tom@fletcherplumbing.example.com", mobile: ukMobile(203), documents: [["Gas Safe registration", 90]] },
          { name: "Olivia Reed", email: "olivia@reedfire.example.com", mobile: ukMobile(204) },
        ],
      },
      { name: "Deliveries", type: "delivery" },
    ],
    visits: [
      // History first (older), then who is on site today, in sign-in order.
      ...history("acme-hq", "Staff", ["Amelia Hart", "Ben Okafor", "Chloe Davies", "Daniel Wright", "Emily Chen", "Farhan Ali", "George Miller", "Kieran Walsh"], 21, [51.5049, -0.0195]),
      ...history("acme-wh", "Staff", ["Hannah Scott", "Isaac Turner"], 14, [53.4631, -2.3255]),
      { site: "acme-hq", group: "Visitors", name: "Jane Cooper", company: "Initrode", host: "Alice Admin", status: "signed_out", daysAgo: 21, source: "kiosk", fields: HQ_FIELDS("Initrode", "Alice Admin", "Meeting") },
      { site: "acme-hq", group: "Visitors", name: "Marcus Lee", company: "Hooli", host: "Sam Standard", status: "signed_out", daysAgo: 14, source: "kiosk", fields: HQ_FIELDS("Hooli", "Sam Standard", "Interview") },
      { site: "acme-hq", group: "Visitors", name: "Jane Cooper", company: "Initrode", host: "Alice Admin", status: "signed_out", daysAgo: 7, source: "kiosk", fields: HQ_FIELDS("Initrode", "Alice Admin", "Meeting") },
      { site: "acme-hq", group: "Contractors", name: "Bob Mason", company: "Mason Building Services", host: "Facilities", status: "signed_out", daysAgo: 10, source: "kiosk" },
      { site: "acme-hq", group: "Contractors", name: "Bob Mason", company: "Mason Building Services", host: "Facilities", status: "signed_out", daysAgo: 3, source: "kiosk" },
      { site: "acme-hq", group: "Contractors", name: "Tom Fletcher", company: "Fletcher Plumbing", host: "Facilities", status: "rejected", daysAgo: 4, source: "kiosk", notes: "Not booked in; asked to return with a work order." },
      { site: "acme-hq", group: "Deliveries", name: "Ryan Hughes", company: "DPD", host: "Reception", status: "signed_out", daysAgo: 5, source: "kiosk" },
      { site: "acme-hq", group: "Deliveries", name: "Ryan Hughes", company: "DPD", host: "Reception", status: "signed_out", daysAgo: 2, source: "kiosk" },
      { site: "acme-wh", group: "Deliveries", name: "Kate Simmons", company: "DHL", host: "Goods in", status: "signed_out", daysAgo: 1, source: "kiosk" },

      // Head Office: 7 staff + 4 visitors + 1 contractor = 12; a delivery (not counted); a contractor waiting.
      { site: "acme-hq", group: "Staff", name: "Amelia Hart", source: "companion", location: [51.50502, -0.01938, 12] },
      { site: "acme-hq", group: "Staff", name: "Ben Okafor", source: "kiosk" },
      { site: "acme-hq", group: "Staff", name: "Chloe Davies", source: "kiosk" },
      { site: "acme-hq", group: "Visitors", name: "Jane Cooper", company: "Initrode", host: "Alice Admin", source: "kiosk", fields: HQ_FIELDS("Initrode", "Alice Admin", "Meeting", "LB21 XKC") },
      { site: "acme-hq", group: "Staff", name: "Daniel Wright", source: "kiosk", protected: true, notes: "Do not disclose presence to callers." },
      { site: "acme-hq", group: "Contractors", name: "Bob Mason", company: "Mason Building Services", host: "Facilities", source: "kiosk", notes: "Replacing ceiling tiles, 3rd floor." },
      { site: "acme-hq", group: "Staff", name: "Emily Chen", source: "companion", location: [51.50471, -0.01995, 25] },
      { site: "acme-hq", group: "Visitors", name: "Marcus Lee", company: "Hooli", host: "Sam Standard", source: "kiosk", fields: HQ_FIELDS("Hooli", "Sam Standard", "Interview") },
      { site: "acme-hq", group: "Staff", name: "Farhan Ali", source: "portal" },
      { site: "acme-hq", group: "Visitors", name: "Sofia Rossi", company: "Vandelay Industries", host: "Alice Admin", source: "portal", fields: HQ_FIELDS("Vandelay Industries", "Alice Admin", "Meeting", "YK70 PLM") },
      { site: "acme-hq", group: "Deliveries", name: "Ryan Hughes", company: "DPD", host: "Reception", source: "kiosk" },
      { site: "acme-hq", group: "Staff", name: "George Miller", source: "kiosk" },
      { site: "acme-hq", group: "Visitors", name: "Noah Williams", company: "Stark Industries", host: "Fran Desk", source: "kiosk", notes: "Parking space 14.", fields: HQ_FIELDS("Stark Industries", "Fran Desk", "Maintenance") },
      { site: "acme-hq", group: "Contractors", name: "Priya Sharma", company: "Sharma Electrical", host: "Facilities", status: "pending", source: "kiosk" },

      // Warehouse: 2 staff + 1 visitor = 3; a delivery (not counted).
      { site: "acme-wh", group: "Staff", name: "Hannah Scott", source: "companion", location: [53.46322, -2.32561, 18] },
      { site: "acme-wh", group: "Deliveries", name: "Kate Simmons", company: "DHL", host: "Goods in", source: "kiosk" },
      { site: "acme-wh", group: "Staff", name: "Isaac Turner", source: "kiosk" },
      { site: "acme-wh", group: "Visitors", name: "Oliver Grant", company: "Grant Logistics", host: "Hannah Scott", source: "kiosk", fields: { "Forklift licence number": "FL-448812" } },
    ],
  },
  "us:1": {
    groups: [
      { name: "Visitors", type: "standard" },
      {
        name: "Staff",
        type: "returning",
        members: [
          ...staff(["Maria Garcia", "James Johnson", "Linda Brown", "Robert Davis", "Patricia Wilson", "Michael Moore"], "northwind.example.org", (i) => usMobile(217, i)),
        ].map((m, i) => (i === 0 ? { ...m, documents: [["Background check", 300]] as [string, number][], absences: [["Vacation", 10, 12, "approved"]] as MemberSeed["absences"] } : m)),
      },
      { name: "Deliveries", type: "delivery" },
    ],
    visits: [
      ...history("nw-main", "Staff", ["Maria Garcia", "James Johnson", "Linda Brown", "Robert Davis"], 14, [39.7817, -89.6501]),
      { site: "nw-main", group: "Visitors", name: "Karen Thompson", company: "PTA volunteer", host: "Front office", status: "signed_out", daysAgo: 8, source: "kiosk" },
      // Main Campus: 3 staff + 2 visitors = 5.
      { site: "nw-main", group: "Staff", name: "Maria Garcia", source: "kiosk" },
      { site: "nw-main", group: "Staff", name: "James Johnson", source: "companion", location: [39.78181, -89.65022, 15] },
      { site: "nw-main", group: "Visitors", name: "Karen Thompson", company: "PTA volunteer", host: "Front office", source: "kiosk" },
      { site: "nw-main", group: "Staff", name: "Linda Brown", source: "kiosk" },
      { site: "nw-main", group: "Visitors", name: "David Clark", company: "Springfield Fire Department", host: "Principal", source: "portal", notes: "Annual fire inspection." },
    ],
  },
  "us:2": {
    groups: [
      { name: "Visitors", type: "standard" },
      {
        name: "Staff",
        type: "returning",
        members: staff(["Ethan Brooks", "Grace Kim", "Lucas Rivera", "Mia Thompson", "Nathan Price"], "globex.example.com", (i) => usMobile(503, i)),
      },
      { name: "Deliveries", type: "delivery" },
    ],
    visits: [
      ...history("globex-hq", "Staff", ["Ethan Brooks", "Grace Kim", "Lucas Rivera", "Mia Thompson"], 10, [45.523, -122.6762]),
      // Cypress Creek HQ: 4 staff + 3 visitors = 7.
      { site: "globex-hq", group: "Staff", name: "Ethan Brooks", source: "kiosk" },
      { site: "globex-hq", group: "Visitors", name: "Hector Salazar", company: "Globex Partners", host: "Hank Globex", source: "kiosk" },
      { site: "globex-hq", group: "Staff", name: "Grace Kim", source: "companion", location: [45.52301, -122.67621, 30] },
      { site: "globex-hq", group: "Staff", name: "Lucas Rivera", source: "kiosk" },
      { site: "globex-hq", group: "Visitors", name: "Rachel Green", company: "Bloomingdale's", host: "Grace Kim", source: "kiosk" },
      { site: "globex-hq", group: "Staff", name: "Mia Thompson", source: "kiosk" },
      { site: "globex-hq", group: "Visitors", name: "Tony Nguyen", company: "Cypress Creek Utilities", host: "Facilities", source: "portal" },
    ],
  },
};

/** Every other demo client: visitors, a few staff, deliveries; nobody on site. */
function smallSet(domain: string, names: string[]): ClientVisitData {
  return {
    groups: [
      { name: "Visitors", type: "standard" },
      { name: "Staff", type: "returning", members: staff(names, domain, (i) => ukMobile(300 + i)) },
      { name: "Deliveries", type: "delivery" },
    ],
    visits: [],
  };
}
const SMALL: Record<string, ClientVisitData> = {
  "eu:2": smallSet("expiredtrial.example.com", ["Paul Baker", "Rosa Diaz", "Sean Murphy"]),
  "eu:3": smallSet("securecorp.example.de", ["Jonas Becker", "Lena Fischer", "Tim Wagner"]),
  "eu:4": smallSet("oakfield.example.sch.uk", ["Mrs Helen Price", "Mr Owen Lloyd", "Ms Ruth Evans"]),
  "eu:5": smallSet("initech.example.com", ["Peter Gibbons", "Samir Nagheenanajar", "Michael Bolton"]),
  "eu:6": smallSet("umbrella.example.com", ["Jill Valentine", "Chris Redfield", "Barry Burton"]),
  "us:3": smallSet("hooli.example.com", ["Richard Hendricks", "Dinesh Chugtai", "Monica Hall"]),
};

export const visitDataFor = (gid: string): ClientVisitData | undefined => VISIT_DATA[gid] ?? SMALL[gid];

/** Milliseconds since local midnight in a time zone. */
function sinceLocalMidnight(now: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "numeric", minute: "numeric", second: "numeric", hourCycle: "h23" }).formatToParts(now);
  const n = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  return ((n("hour") * 60 + n("minute")) * 60 + n("second")) * 1000;
}

/**
 * Groups, members, documents, absences and visits of one client. Run once per client (the caller
 * checks that the client has no groups yet). Visits of sites not in `siteIds` are skipped.
 */
export async function seedClientVisits(
  q: Queryable,
  clientId: number,
  data: ClientVisitData,
  siteIds: Map<string, number>,
  timezones: Map<string, string>,
  now = new Date(),
): Promise<void> {
  const groupIds = new Map<string, { id: number; type: GroupType }>();
  const memberIds = new Map<string, number>();
  let position = 0;
  for (const g of data.groups) {
    const sites = g.sites ? g.sites.map((k) => siteIds.get(k)).filter((x) => x !== undefined) : null;
    const [{ id }] = await q.query<{ id: number }>(
      `INSERT INTO groups (client_id, name, type, approval_required, position, site_ids) VALUES ($1, $2, $3, $4, $5, $6::jsonb) RETURNING id`,
      [clientId, g.name, g.type, g.approval_required ?? false, position++, sites ? JSON.stringify(sites) : null],
    );
    groupIds.set(g.name, { id, type: g.type });
    for (const m of g.members ?? []) {
      const [{ id: memberId }] = await q.query<{ id: number }>(`INSERT INTO members (group_id, name, email, mobile) VALUES ($1, $2, $3, $4) RETURNING id`, [
        id,
        m.name,
        m.email ?? null,
        m.mobile ?? null,
      ]);
      memberIds.set(`${g.name}/${m.name}`, memberId);
      for (const [title, expires] of m.documents ?? []) {
        await q.query(`INSERT INTO member_documents (member_id, title, expires_on) VALUES ($1, $2, CASE WHEN $3::int IS NULL THEN NULL ELSE current_date + $3::int END)`, [
          memberId,
          title,
          expires,
        ]);
      }
      for (const [type, from, to, status, reason] of m.absences ?? []) {
        await q.query(`INSERT INTO absences (member_id, type, starts_on, ends_on, status, reason) VALUES ($1, $2, current_date + $3::int, current_date + $4::int, $5, $6)`, [
          memberId,
          type,
          from,
          to,
          status,
          reason ?? null,
        ]);
      }
    }
  }

  // Times: today's visits spread over the site's day so far (at most 9 hours back), in list order;
  // earlier ones from 08:00 local time on their day, a few minutes apart, signed out 8 hours later.
  const today = data.visits.filter((v) => v.daysAgo === undefined);
  const rows = data.visits.map((v, i) => {
    const sinceMidnight = sinceLocalMidnight(now, timezones.get(v.site) ?? "UTC");
    let inAt: Date;
    let outAt: Date | null = null;
    if (v.daysAgo === undefined) {
      const span = Math.min(sinceMidnight, 9 * 3_600_000);
      const atSite = today.filter((t) => t.site === v.site);
      const k = atSite.indexOf(v);
      inAt = new Date(now.getTime() - Math.round((span * (atSite.length - k)) / (atSite.length + 1)));
    } else {
      const localMidnight = now.getTime() - sinceMidnight;
      inAt = new Date(localMidnight - v.daysAgo * 86_400_000 + 8 * 3_600_000 + (i % 12) * 7 * 60_000);
      if ((v.status ?? "signed_in") === "signed_out") outAt = new Date(inAt.getTime() + 8 * 3_600_000 + (i % 5) * 11 * 60_000);
    }
    return { v, inAt, outAt };
  });
  rows.sort((a, b) => a.inAt.getTime() - b.inAt.getTime());
  for (const { v, inAt, outAt } of rows) {
    const siteId = siteIds.get(v.site);
    const group = groupIds.get(v.group);
    if (siteId === undefined || !group) continue;
    const status = v.status ?? "signed_in";
    const memberId = group.type === "returning" ? (memberIds.get(`${v.group}/${v.name}`) ?? null) : null;
    await q.query(
      `INSERT INTO visits (site_id, group_id, member_id, name, company, host, status, source, created_at, signed_in_at, signed_out_at,
                           location, fields, notes, protected)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::timestamptz, $10::timestamptz, $11::timestamptz, $12::jsonb, $13::jsonb, $14, $15)`,
      [
        siteId,
        group.id,
        memberId,
        v.name,
        v.company ?? null,
        v.host ?? null,
        status,
        v.source ?? "kiosk",
        inAt.toISOString(),
        status === "pending" || status === "rejected" ? null : inAt.toISOString(),
        outAt?.toISOString() ?? null,
        v.location ? JSON.stringify({ lat: v.location[0], lng: v.location[1], accuracy: v.location[2] }) : null,
        JSON.stringify(Object.entries(v.fields ?? {}).map(([label, value]) => ({ label, value }))),
        v.notes ?? null,
        v.protected ?? false,
      ],
    );
  }
}

/** The demo kiosk's token of a seeded site. */
export const demoKioskToken = (siteKey: string) => `demo-kiosk-${siteKey}`;

/** One kiosk device per standard site (kept when present). */
export async function seedKiosk(q: Queryable, siteKey: string, siteId: number): Promise<void> {
  await q.query(`INSERT INTO devices (site_id, name, token_hash) VALUES ($1, 'Reception kiosk', $2) ON CONFLICT (token_hash) DO NOTHING`, [
    siteId,
    sha256(demoKioskToken(siteKey)),
  ]);
}

/** Revision 3, in the old scheme's order: each demo client's Today data (once: while it has no groups), then its kiosks. */
export const seedSteps: SeedStep[] = [
  perDemoClient("today.visits", 3, async ({ q, report }, gid, clientId, ids, c) => {
    const data = visitDataFor(gid);
    if (!data || (await one(q, "SELECT 1 FROM groups WHERE client_id = $1 LIMIT 1", [clientId]))) return;
    await seedClientVisits(q, clientId, data, ids.sites, new Map(c.sites.map((s) => [s.key, s.timezone])));
    report.today.push(gid);
  }),
  perDemoClient("today.kiosks", 3, async ({ q }, _gid, _clientId, ids, c) => {
    for (const s of c.sites) {
      const siteId = ids.sites.get(s.key);
      if (s.type === "standard" && siteId !== undefined) await seedKiosk(q, s.key, siteId);
    }
  }),
];
