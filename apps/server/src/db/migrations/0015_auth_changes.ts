import type { Kysely } from 'kysely';
import { runStatements } from '../run-statements.js';

/**
 * The auth cache (plugins/auth-cache.ts, decision 0006) hears of every change to what the auth hook
 * decides, from any writer: a write to these columns sends the business id on `ms_auth` when its
 * transaction commits (PostgreSQL sends one message per distinct payload per transaction). The
 * columns are `AUTH_COLUMNS` of plugins/auth-cache.ts; a new session, user, role or device changes
 * no row a cache holds, so inserts are not heard (except a store given to a user).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE FUNCTION ms_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('ms_auth', OLD.business_id::text); END IF; IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('ms_auth', NEW.business_id::text); END IF; RETURN NULL; END $$;
    CREATE TRIGGER sessions_auth_changed AFTER UPDATE OF revoked_at, expires_at, user_id, device_id, business_id, id OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION ms_auth_changed();
    CREATE TRIGGER users_auth_changed AFTER UPDATE OF status, role_id, is_owner, business_id, id OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION ms_auth_changed();
    CREATE TRIGGER roles_auth_changed AFTER UPDATE OF name, permissions, active, business_id, id OR DELETE ON roles FOR EACH ROW EXECUTE FUNCTION ms_auth_changed();
    CREATE TRIGGER devices_auth_changed AFTER UPDATE OF deleted_at, device_id, business_id OR DELETE ON devices FOR EACH ROW EXECUTE FUNCTION ms_auth_changed();
    CREATE TRIGGER user_stores_auth_changed AFTER INSERT OR UPDATE OR DELETE ON user_stores FOR EACH ROW EXECUTE FUNCTION ms_auth_changed();
  `,
  );
}
