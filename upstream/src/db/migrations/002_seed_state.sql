-- Revision of the demo data in this database (see src/seed.ts, SEED_REVISION).
CREATE TABLE seed_state (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  revision integer NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Databases seeded before the revision was recorded hold revision 1 of the demo data.
INSERT INTO seed_state (id, revision) SELECT 1, 1 WHERE EXISTS (SELECT 1 FROM clients);
