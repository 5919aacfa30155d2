/**
 * The demo directory's people, per provider: a few directory groups of a few people each, with
 * stable ids (what a sync matches members on). Used by the demo directory (`server.ts`) and by the
 * seed (Acme's integrated group "Field Engineers" is Azure AD's "Field Engineering").
 */
import type { SyncProvider } from "../../contract/index.ts";

export interface DirectoryPerson {
  id: string;
  name: string;
  email: string;
  mobile: string | null;
}
export interface DirectoryGroup {
  id: string;
  name: string;
  members: DirectoryPerson[];
}

const p = (id: string, name: string, email: string, mobile: string | null = null): DirectoryPerson => ({ id, name, email, mobile });

export const DIRECTORY: Record<SyncProvider, DirectoryGroup[]> = {
  "azure-ad": [
    {
      id: "0f3c2a9e-5b1d-4e8a-9c71-2d6b8e4f1a01",
      name: "Field Engineering",
      members: [
        p("a1f0c3d2-0001-4b6e-8f2a-1c9d7e5b3a01", "Olivia Grant", "olivia.grant@acme.example.com", "+447700900401"),
        p("a1f0c3d2-0002-4b6e-8f2a-1c9d7e5b3a02", "Ethan Brooks", "ethan.brooks@acme.example.com", "+447700900402"),
        p("a1f0c3d2-0003-4b6e-8f2a-1c9d7e5b3a03", "Amara Okonkwo", "amara.okonkwo@acme.example.com"),
        p("a1f0c3d2-0004-4b6e-8f2a-1c9d7e5b3a04", "Lukas Meyer", "lukas.meyer@acme.example.com", "+447700900404"),
        p("a1f0c3d2-0005-4b6e-8f2a-1c9d7e5b3a05", "Sofia Rossi", "sofia.rossi@acme.example.com"),
      ],
    },
    {
      id: "0f3c2a9e-5b1d-4e8a-9c71-2d6b8e4f1a02",
      name: "Site Surveyors",
      members: [
        p("a1f0c3d2-0006-4b6e-8f2a-1c9d7e5b3a06", "Noah Patel", "noah.patel@acme.example.com", "+447700900406"),
        p("a1f0c3d2-0007-4b6e-8f2a-1c9d7e5b3a07", "Chloe Dubois", "chloe.dubois@acme.example.com"),
        p("a1f0c3d2-0008-4b6e-8f2a-1c9d7e5b3a08", "Harriet Webb", "harriet.webb@acme.example.com", "+447700900408"),
      ],
    },
    {
      id: "0f3c2a9e-5b1d-4e8a-9c71-2d6b8e4f1a03",
      name: "IT Support",
      members: [
        p("a1f0c3d2-0009-4b6e-8f2a-1c9d7e5b3a09", "Ravi Kumar", "ravi.kumar@acme.example.com", "+447700900409"),
        p("a1f0c3d2-0010-4b6e-8f2a-1c9d7e5b3a10", "Emma Lindqvist", "emma.lindqvist@acme.example.com"),
        p("a1f0c3d2-0011-4b6e-8f2a-1c9d7e5b3a11", "Tom Harris", "tom.harris@acme.example.com", "+447700900411"),
        p("a1f0c3d2-0012-4b6e-8f2a-1c9d7e5b3a12", "Grace Kim", "grace.kim@acme.example.com"),
      ],
    },
  ],
  "google-apps": [
    {
      id: "03ep43zb1dvh3x1",
      name: "Teaching staff",
      members: [
        p("104729384756102938471", "Alice Moreau", "alice.moreau@school.example.org", "+447700900501"),
        p("104729384756102938472", "Ben Carter", "ben.carter@school.example.org"),
        p("104729384756102938473", "Priya Nair", "priya.nair@school.example.org", "+447700900503"),
        p("104729384756102938474", "Jonas Berg", "jonas.berg@school.example.org"),
      ],
    },
    {
      id: "03ep43zb1dvh3x2",
      name: "Office staff",
      members: [
        p("104729384756102938475", "Megan Hughes", "megan.hughes@school.example.org", "+447700900505"),
        p("104729384756102938476", "Samuel Osei", "samuel.osei@school.example.org"),
        p("104729384756102938477", "Lily Evans", "lily.evans@school.example.org", "+447700900507"),
      ],
    },
  ],
  brivo: [
    {
      id: "71024",
      name: "Building A access",
      members: [
        p("5500101", "Marco Bianchi", "marco.bianchi@acme.example.com", "+447700900601"),
        p("5500102", "Nina Schulz", "nina.schulz@acme.example.com"),
        p("5500103", "Oscar Lee", "oscar.lee@acme.example.com", "+447700900603"),
      ],
    },
    {
      id: "71025",
      name: "Night shift",
      members: [
        p("5500104", "Paula Costa", "paula.costa@acme.example.com"),
        p("5500105", "Quentin Blake", "quentin.blake@acme.example.com", "+447700900605"),
        p("5500106", "Rosa Martinez", "rosa.martinez@acme.example.com"),
        p("5500107", "Sam Taylor", "sam.taylor@acme.example.com", "+447700900607"),
      ],
    },
  ],
};

/** Acme's seeded integrated group and the directory group it syncs. */
export const SEEDED_SYNC = { group: "Field Engineers", provider: "azure-ad" as const, directoryGroupId: "0f3c2a9e-5b1d-4e8a-9c71-2d6b8e4f1a01" };
