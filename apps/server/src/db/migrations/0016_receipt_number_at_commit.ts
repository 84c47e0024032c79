import type { Kysely } from 'kysely';
import { runStatements } from '../run-statements.js';

/**
 * A sale's receipt number is given as its transaction commits (issue 13). Every sale of a business
 * takes the business's one receipt counter row and holds it until commit: given by the sale's last
 * statement, it was still held across one more round trip to the server (COMMIT), which under load
 * is the server's event loop delay — the sales of a business queued behind it. A deferred constraint
 * trigger runs inside the commit itself, so the row is held only while the commit is written.
 * Numbers stay gapless and in commit order (RC-000001: six digits, more when needed); a sale row
 * is made with the placeholder `PENDING-<id>` (`claimSaleId`), never seen outside its transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE FUNCTION sales_number_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$ DECLARE n bigint; BEGIN INSERT INTO counters (business_id, name, value) VALUES (NEW.business_id, 'receipt', 1) ON CONFLICT (business_id, name) DO UPDATE SET value = counters.value + 1 RETURNING value INTO n; UPDATE sales SET receipt_number = 'RC-' || CASE WHEN length(n::text) >= 6 THEN n::text ELSE lpad(n::text, 6, '0') END WHERE business_id = NEW.business_id AND id = NEW.id; RETURN NULL; END $$;
    CREATE CONSTRAINT TRIGGER sales_receipt_number AFTER INSERT ON sales DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.receipt_number LIKE 'PENDING-%') EXECUTE FUNCTION sales_number_at_commit();
  `,
  );
}
