-- Daily attendance overrides (issue 17 §4; ADR 027): what a user with DailyAttendanceReport.edit
-- says about a member's day, beside what the visits say (never replacing them). One per member
-- and day; clearing it deletes the row (the drawn value shows again). Who and when are kept; the
-- name is copied so it reads after the user is gone.
CREATE TABLE attendance_overrides (
  member_id integer NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  day date NOT NULL CHECK (day < DATE '2038-01-01'),
  status text NOT NULL CHECK (status IN ('present', 'absent', 'remote', 'on_leave')),
  note text CHECK (note IS NULL OR length(note) <= 500),
  set_by integer REFERENCES users(id) ON DELETE SET NULL,
  set_by_name text NOT NULL,
  set_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, day)
);
-- Site attendance reads visits by site and sign-in time.
CREATE INDEX IF NOT EXISTS visits_site_signed_in_idx ON visits (site_id, signed_in_at) WHERE signed_in_at IS NOT NULL;
