-- The sites of an audit entry (issue 24 item 3; ADR 031): which of the client's sites the changed
-- row was tied to, before and after the change, so a user restricted to some sites reads only the
-- entries about theirs (and their own changes). NULL: the row was tied to every site (a group or a
-- portal user with every site, a notification for every site) or to no site at all (a role, the
-- organisation's settings, the SSO configuration) — outside every site scope. {}: tied to none of
-- the client's sites any more.
--
-- Computed when the entry is written (a BEFORE INSERT trigger on audit_log, whoever writes it), from
-- the row as the entry holds it; a row that belongs to another (a member's document, a group's field)
-- takes the sites of its owner as they are then.
ALTER TABLE audit_log ADD COLUMN site_ids integer[];

CREATE FUNCTION audit_json_ints(j jsonb) RETURNS integer[] LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN jsonb_typeof(j) = 'array' THEN ARRAY(SELECT x::integer FROM jsonb_array_elements_text(j) x) END
$$;

-- The sites one state of a row (`r`, as to_jsonb gives it) of table `entity` is tied to.
CREATE FUNCTION audit_row_sites(entity text, client integer, r jsonb) RETURNS integer[] LANGUAGE plpgsql STABLE AS $$
DECLARE
  ids integer[];
BEGIN
  IF entity = 'sites' THEN
    RETURN ARRAY[(r->>'id')::integer];
  ELSIF entity = 'members' THEN
    -- A member's own sites, else every site of their group.
    IF jsonb_typeof(r->'site_ids') = 'array' THEN
      RETURN audit_json_ints(r->'site_ids');
    END IF;
    SELECT audit_json_ints(to_jsonb(g.site_ids)) INTO ids FROM groups g WHERE g.id = (r->>'group_id')::integer;
    RETURN ids;
  ELSIF entity = 'users' THEN
    -- A person's account: their access in this client.
    SELECT audit_json_ints(to_jsonb(cu.site_ids)) INTO ids FROM client_users cu WHERE cu.user_id = (r->>'id')::integer AND cu.client_id = client;
    RETURN ids;
  ELSIF r ? 'site_id' THEN
    RETURN CASE WHEN jsonb_typeof(r->'site_id') = 'number' THEN ARRAY[(r->>'site_id')::integer] END;
  ELSIF r ? 'site_ids' THEN
    RETURN audit_json_ints(r->'site_ids');
  ELSIF r ? 'member_id' THEN
    SELECT coalesce(audit_json_ints(to_jsonb(m.site_ids)), audit_json_ints(to_jsonb(g.site_ids))) INTO ids
      FROM members m JOIN groups g ON g.id = m.group_id WHERE m.id = (r->>'member_id')::integer;
    RETURN ids;
  ELSIF r ? 'group_id' THEN
    SELECT audit_json_ints(to_jsonb(g.site_ids)) INTO ids FROM groups g WHERE g.id = (r->>'group_id')::integer;
    RETURN ids;
  ELSIF r ? 'pre_registration_id' THEN
    SELECT ARRAY[pr.site_id] INTO ids FROM pre_registrations pr WHERE pr.id = (r->>'pre_registration_id')::integer;
    RETURN ids;
  ELSIF r ? 'notification_id' THEN
    SELECT CASE WHEN n.site_id IS NOT NULL THEN ARRAY[n.site_id] END INTO ids FROM notifications n WHERE n.id = (r->>'notification_id')::integer;
    RETURN ids;
  END IF;
  RETURN NULL;
END
$$;

-- An entry's sites: those of its row before and after together; NULL when either state was tied to
-- every site or to none.
CREATE FUNCTION audit_entry_sites(entity text, client integer, was jsonb, now_is jsonb) RETURNS integer[] LANGUAGE plpgsql STABLE AS $$
DECLARE
  b integer[];
  a integer[];
BEGIN
  IF was IS NOT NULL THEN
    b := audit_row_sites(entity, client, was);
    IF b IS NULL THEN RETURN NULL; END IF;
  END IF;
  IF now_is IS NOT NULL THEN
    a := audit_row_sites(entity, client, now_is);
    IF a IS NULL THEN RETURN NULL; END IF;
  END IF;
  IF a IS NULL AND b IS NULL THEN RETURN NULL; END IF;
  RETURN ARRAY(SELECT DISTINCT x FROM unnest(coalesce(b, '{}') || coalesce(a, '{}')) x WHERE x IS NOT NULL ORDER BY x);
END
$$;

CREATE FUNCTION audit_entry_sites_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.site_ids := audit_entry_sites(NEW.entity, NEW.client_id, NEW.before, NEW.after);
  RETURN NEW;
END
$$;
CREATE TRIGGER audit_entry_sites BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_entry_sites_fill();

-- The entries written before this migration.
UPDATE audit_log SET site_ids = audit_entry_sites(entity, client_id, before, after);
