-- The admin audit log is append-only (ADR 0021): no row is deleted, and the only change a row
-- may take is forgetting a deleted account in it (src/server/account/deletion.ts): the target's
-- id becomes 'deleted', its label empty and its name dropped from the detail; the acting
-- admin's id null and e-mail empty. Anything else is refused, whatever code runs the SQL.
CREATE OR REPLACE FUNCTION admin_audit_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'admin_audit is append-only: rows cannot be deleted';
  END IF;
  IF NEW.id IS DISTINCT FROM OLD.id
    OR NEW.action IS DISTINCT FROM OLD.action
    OR NEW.target_type IS DISTINCT FROM OLD.target_type
    OR NEW.created_at IS DISTINCT FROM OLD.created_at
    OR NEW.detail IS DISTINCT FROM OLD.detail AND NEW.detail IS DISTINCT FROM OLD.detail - 'name'
    OR NEW.target_id IS DISTINCT FROM OLD.target_id AND NEW.target_id <> 'deleted'
    OR NEW.target_label IS DISTINCT FROM OLD.target_label AND NEW.target_label <> ''
    OR NEW.actor_id IS DISTINCT FROM OLD.actor_id AND NEW.actor_id IS NOT NULL
    OR NEW.actor_email IS DISTINCT FROM OLD.actor_email AND NEW.actor_email <> ''
  THEN
    RAISE EXCEPTION 'admin_audit is append-only: only a deleted account can be forgotten in it';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS admin_audit_append_only ON admin_audit;
--> statement-breakpoint
CREATE TRIGGER admin_audit_append_only
  BEFORE UPDATE OR DELETE ON admin_audit
  FOR EACH ROW EXECUTE FUNCTION admin_audit_append_only();
--> statement-breakpoint
-- TRUNCATE skips row triggers: refuse it too.
CREATE OR REPLACE FUNCTION admin_audit_no_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_audit is append-only: it cannot be truncated';
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS admin_audit_no_truncate ON admin_audit;
--> statement-breakpoint
CREATE TRIGGER admin_audit_no_truncate
  BEFORE TRUNCATE ON admin_audit
  FOR EACH STATEMENT EXECUTE FUNCTION admin_audit_no_truncate();
