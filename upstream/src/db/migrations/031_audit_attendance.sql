-- The audit log (ADR 022) also records daily attendance overrides (issue 17, ADR 027): a member's
-- day set or cleared by hand, under the members area, labelled with the member and the day.
SELECT audit_track('attendance_overrides', 'members', 'SELECT (SELECT m.name FROM members m WHERE m.id = ($1->>''member_id'')::int) || '', '' || ($1->>''day'')');
