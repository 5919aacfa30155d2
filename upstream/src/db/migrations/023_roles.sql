-- Roles and permissions (issue 16 item 2; ADR 021): which roles are built in (Administrator and
-- Standard User: never changed or deleted through the API) is data of the role, not a name the code
-- compares; and finding a role's holders (the roles page counts them, deleting needs none) is an
-- index away.

ALTER TABLE roles ADD COLUMN built_in boolean NOT NULL DEFAULT false;
UPDATE roles SET built_in = true WHERE name IN ('Administrator', 'Standard User');

CREATE INDEX IF NOT EXISTS client_users_role_idx ON client_users (role_id);
