-- A group's time-and-attendance tab (groups spec §3 "default group manager", §5 "A manager must
-- belong to a group with Time & Attendance enabled"): the member who approves the group's
-- timesheets and absences unless a member has a manager of their own. The other settings of that
-- tab and of the integrations tab (Central Record) live in `groups.settings` like the other tabs'.
ALTER TABLE groups ADD COLUMN default_manager_id integer REFERENCES members(id) ON DELETE SET NULL;
