-- The demo data's steps done in this database, by name (ADR 033; src/seed.ts). They replace the one
-- revision number of seed_state, which stays at its last value (27).
CREATE TABLE seed_steps (
  name text PRIMARY KEY,
  done_at timestamptz NOT NULL DEFAULT now()
);

-- A database seeded under the old revisions: the steps its revision already covered are done (the
-- step's `since` in its area's seed.ts; seed-steps.test.ts keeps the two lists the same).
INSERT INTO seed_steps (name)
SELECT s.name
  FROM seed_state,
       (VALUES ('clients.demo-accounts', 27), ('today.visits', 3), ('today.kiosks', 3), ('evacuations.points', 4),
               ('evacuations.hq-drill', 4), ('sites.manage-screens', 5), ('groups.staff-settings', 7), ('groups.staff-badge', 8),
               ('groups.field-engineers', 9), ('groups.oakfield-boarders', 10), ('groups.visitors-slack', 11), ('groups.add-ons', 12),
               ('members.acme-filters-and-tabs', 13), ('pre-registrations.acme', 15), ('sso.pending-request', 21),
               ('history.acme-visits', 22), ('visits.rejections-and-protected', 23), ('account.acme-and-globex', 20),
               ('attendance.acme', 24), ('safety-check.demo', 25), ('notifications.acme', 26),
               ('api-clients.reception-display', 27), ('visitor-forms.contractor-sign-up', 27), ('audit.acme-changes', 19)) AS s(name, since)
 WHERE seed_state.id = 1 AND seed_state.revision >= s.since;
