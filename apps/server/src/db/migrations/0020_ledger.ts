import { sql, type Kysely } from 'kysely';

/**
 * The money ledger (issue 14, decision 0010): double-entry in integer kobo, modelled on TigerBeetle's
 * accounts and two-phase transfers. Every rule that keeps the books right is the database's, so no
 * writer (a flow, a job, someone in psql) can break it:
 *  - an entry's postings sum to zero and there are at least two (checked at commit);
 *  - an account that must not go negative refuses the posting that would (a CHECK on its totals);
 *  - entries and postings are never changed or deleted, and an entry takes postings only in the
 *    transaction that wrote it: a correction is a new entry;
 *  - an account's totals move only with postings (a trigger refuses a hand-made UPDATE);
 *  - a pending entry is posted or voided once (a unique index on the entry that resolves it), and
 *    a posting of a pending entry copies its postings exactly;
 *  - an entry's reference is unique in its business: the same event twice posts once.
 * Each account keeps its posted and pending debits and credits, moved by triggers in the same
 * transaction as the postings. Postings are signed: a debit is positive, a credit negative.
 */
const STATEMENTS = [
  `CREATE TABLE ledger_accounts (
    business_id uuid NOT NULL REFERENCES businesses(id),
    id uuid NOT NULL,
    kind text NOT NULL CHECK (kind IN ('bank_clearing', 'collections', 'fees')),
    store_id uuid,
    normal text NOT NULL CHECK (normal IN ('debit', 'credit')),
    debits_must_not_exceed_credits boolean NOT NULL DEFAULT false,
    credits_must_not_exceed_debits boolean NOT NULL DEFAULT false,
    debits_posted bigint NOT NULL DEFAULT 0 CHECK (debits_posted >= 0),
    credits_posted bigint NOT NULL DEFAULT 0 CHECK (credits_posted >= 0),
    debits_pending bigint NOT NULL DEFAULT 0 CHECK (debits_pending >= 0),
    credits_pending bigint NOT NULL DEFAULT 0 CHECK (credits_pending >= 0),
    created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
    updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (business_id, id),
    FOREIGN KEY (business_id, store_id) REFERENCES stores (business_id, id),
    CONSTRAINT ledger_accounts_debits_within_credits
      CHECK (NOT debits_must_not_exceed_credits OR debits_posted + debits_pending <= credits_posted),
    CONSTRAINT ledger_accounts_credits_within_debits
      CHECK (NOT credits_must_not_exceed_debits OR credits_posted + credits_pending <= debits_posted)
  )`,
  `CREATE UNIQUE INDEX ledger_accounts_kind_uq ON ledger_accounts (business_id, kind, store_id) NULLS NOT DISTINCT`,
  `CREATE TRIGGER ledger_accounts_updated_at BEFORE UPDATE ON ledger_accounts
    FOR EACH ROW EXECUTE FUNCTION set_updated_at()`,

  `CREATE TABLE ledger_entries (
    business_id uuid NOT NULL REFERENCES businesses(id),
    id uuid NOT NULL,
    reference text NOT NULL,
    request_hash text NOT NULL,
    kind text NOT NULL,
    phase text NOT NULL CHECK (phase IN ('posted', 'pending', 'post_pending', 'void_pending')),
    pending_id uuid,
    description text,
    metadata jsonb NOT NULL DEFAULT '{}',
    occurred_at timestamptz NOT NULL,
    created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
    -- The transaction that wrote it: postings are accepted only from that transaction.
    written_by_tx bigint NOT NULL DEFAULT txid_current(),
    PRIMARY KEY (business_id, id),
    UNIQUE (business_id, reference),
    CHECK ((phase IN ('post_pending', 'void_pending')) = (pending_id IS NOT NULL)),
    FOREIGN KEY (business_id, pending_id) REFERENCES ledger_entries (business_id, id)
  )`,
  `CREATE UNIQUE INDEX ledger_entries_resolved_once ON ledger_entries (business_id, pending_id)
    WHERE pending_id IS NOT NULL`,
  `CREATE INDEX ledger_entries_kind_idx ON ledger_entries (business_id, kind, occurred_at)`,

  `CREATE TABLE ledger_postings (
    business_id uuid NOT NULL,
    entry_id uuid NOT NULL,
    account_id uuid NOT NULL,
    amount bigint NOT NULL CHECK (amount <> 0),
    PRIMARY KEY (business_id, entry_id, account_id),
    FOREIGN KEY (business_id, entry_id) REFERENCES ledger_entries (business_id, id),
    FOREIGN KEY (business_id, account_id) REFERENCES ledger_accounts (business_id, id)
  )`,
  `CREATE INDEX ledger_postings_account_idx ON ledger_postings (business_id, account_id)`,

  // A posting moves its account's posted or pending totals, by its entry's phase. Only the transaction
  // that wrote the entry may add its postings: an entry, once committed, is closed.
  `CREATE FUNCTION ledger_posting_apply() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE entry_phase text; entry_tx bigint;
  BEGIN
    SELECT phase, written_by_tx INTO entry_phase, entry_tx FROM ledger_entries WHERE business_id = NEW.business_id AND id = NEW.entry_id;
    IF entry_tx IS DISTINCT FROM txid_current() THEN
      RAISE EXCEPTION 'postings are written with their entry, in the same transaction' USING ERRCODE = '23514', CONSTRAINT = 'ledger_written_once';
    END IF;
    IF entry_phase = 'void_pending' THEN
      RAISE EXCEPTION 'a voiding entry has no postings' USING ERRCODE = '23514', CONSTRAINT = 'ledger_entry_void_without_postings';
    ELSIF entry_phase = 'pending' THEN
      UPDATE ledger_accounts SET debits_pending = debits_pending + greatest(NEW.amount, 0),
        credits_pending = credits_pending + greatest(-NEW.amount, 0)
       WHERE business_id = NEW.business_id AND id = NEW.account_id;
    ELSE
      UPDATE ledger_accounts SET debits_posted = debits_posted + greatest(NEW.amount, 0),
        credits_posted = credits_posted + greatest(-NEW.amount, 0)
       WHERE business_id = NEW.business_id AND id = NEW.account_id;
    END IF;
    RETURN NULL;
  END $$`,
  `CREATE TRIGGER ledger_postings_apply AFTER INSERT ON ledger_postings
    FOR EACH ROW EXECUTE FUNCTION ledger_posting_apply()`,

  // Posting or voiding a pending entry releases what it reserved, once: only a pending entry can be
  // resolved, and the unique index lets one entry resolve it.
  `CREATE FUNCTION ledger_entry_resolve() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE pending_phase text;
  BEGIN
    SELECT phase INTO pending_phase FROM ledger_entries WHERE business_id = NEW.business_id AND id = NEW.pending_id;
    IF pending_phase IS DISTINCT FROM 'pending' THEN
      RAISE EXCEPTION 'only a pending entry can be posted or voided' USING ERRCODE = '23514', CONSTRAINT = 'ledger_entry_resolves_pending';
    END IF;
    PERFORM 1 FROM ledger_accounts a
      WHERE a.business_id = NEW.business_id
        AND a.id IN (SELECT account_id FROM ledger_postings WHERE business_id = NEW.business_id AND entry_id = NEW.pending_id)
      ORDER BY a.id FOR UPDATE;
    UPDATE ledger_accounts a SET debits_pending = a.debits_pending - greatest(p.amount, 0),
      credits_pending = a.credits_pending - greatest(-p.amount, 0)
      FROM ledger_postings p
     WHERE p.business_id = NEW.business_id AND p.entry_id = NEW.pending_id
       AND a.business_id = p.business_id AND a.id = p.account_id;
    RETURN NULL;
  END $$`,
  `CREATE TRIGGER ledger_entries_resolve AFTER INSERT ON ledger_entries
    FOR EACH ROW WHEN (NEW.pending_id IS NOT NULL) EXECUTE FUNCTION ledger_entry_resolve()`,

  // At commit: an entry (other than a void) has two postings or more summing to zero; a posting of a
  // pending entry has exactly the pending entry's postings; a voiding entry has none.
  `CREATE FUNCTION ledger_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE entry ledger_entries%ROWTYPE; checked_id uuid; total numeric; lines int; differing int;
  BEGIN
    IF TG_TABLE_NAME = 'ledger_postings' THEN checked_id := NEW.entry_id; ELSE checked_id := NEW.id; END IF;
    SELECT * INTO entry FROM ledger_entries e WHERE e.business_id = NEW.business_id AND e.id = checked_id;
    SELECT coalesce(sum(p.amount), 0), count(*) INTO total, lines FROM ledger_postings p
     WHERE p.business_id = entry.business_id AND p.entry_id = entry.id;
    IF entry.phase = 'void_pending' THEN
      IF lines > 0 THEN
        RAISE EXCEPTION 'a voiding entry has no postings' USING ERRCODE = '23514', CONSTRAINT = 'ledger_entry_void_without_postings';
      END IF;
      RETURN NULL;
    END IF;
    IF total <> 0 OR lines < 2 THEN
      RAISE EXCEPTION 'ledger entry % does not balance: % postings summing to %', entry.reference, lines, total
        USING ERRCODE = '23514', CONSTRAINT = 'ledger_entry_balanced';
    END IF;
    IF entry.phase = 'post_pending' THEN
      SELECT count(*) INTO differing FROM (
        (SELECT account_id, amount FROM ledger_postings WHERE business_id = entry.business_id AND entry_id = entry.id
         EXCEPT SELECT account_id, amount FROM ledger_postings WHERE business_id = entry.business_id AND entry_id = entry.pending_id)
        UNION ALL
        (SELECT account_id, amount FROM ledger_postings WHERE business_id = entry.business_id AND entry_id = entry.pending_id
         EXCEPT SELECT account_id, amount FROM ledger_postings WHERE business_id = entry.business_id AND entry_id = entry.id)
      ) d;
      IF differing > 0 THEN
        RAISE EXCEPTION 'posting a pending entry must repeat its postings' USING ERRCODE = '23514', CONSTRAINT = 'ledger_entry_posts_what_was_pending';
      END IF;
    END IF;
    RETURN NULL;
  END $$`,
  `CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_entry_balanced()`,
  `CREATE CONSTRAINT TRIGGER ledger_postings_balanced AFTER INSERT ON ledger_postings
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_entry_balanced()`,

  // An account's totals and rules move only with postings (from the triggers above), never by hand.
  `CREATE FUNCTION ledger_account_guard() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF pg_trigger_depth() < 2 AND (
      NEW.debits_posted IS DISTINCT FROM OLD.debits_posted OR NEW.credits_posted IS DISTINCT FROM OLD.credits_posted
      OR NEW.debits_pending IS DISTINCT FROM OLD.debits_pending OR NEW.credits_pending IS DISTINCT FROM OLD.credits_pending
      OR NEW.debits_must_not_exceed_credits IS DISTINCT FROM OLD.debits_must_not_exceed_credits
      OR NEW.credits_must_not_exceed_debits IS DISTINCT FROM OLD.credits_must_not_exceed_debits
      OR NEW.normal IS DISTINCT FROM OLD.normal OR NEW.kind IS DISTINCT FROM OLD.kind
      OR NEW.business_id IS DISTINCT FROM OLD.business_id OR NEW.id IS DISTINCT FROM OLD.id) THEN
      RAISE EXCEPTION 'an account changes only through postings' USING ERRCODE = '23514', CONSTRAINT = 'ledger_written_once';
    END IF;
    RETURN NEW;
  END $$`,
  `CREATE TRIGGER ledger_accounts_guard BEFORE UPDATE ON ledger_accounts
    FOR EACH ROW EXECUTE FUNCTION ledger_account_guard()`,
  // Entries and postings are written once.
  `CREATE FUNCTION ledger_written_once() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    RAISE EXCEPTION '% rows are never changed or removed: a correction is a new entry', TG_TABLE_NAME
      USING ERRCODE = '23514', CONSTRAINT = 'ledger_written_once';
  END $$`,
  `CREATE TRIGGER ledger_entries_written_once BEFORE UPDATE OR DELETE ON ledger_entries
    FOR EACH ROW EXECUTE FUNCTION ledger_written_once()`,
  `CREATE TRIGGER ledger_postings_written_once BEFORE UPDATE OR DELETE ON ledger_postings
    FOR EACH ROW EXECUTE FUNCTION ledger_written_once()`,
  `CREATE TRIGGER ledger_entries_not_truncated BEFORE TRUNCATE ON ledger_entries
    FOR EACH STATEMENT EXECUTE FUNCTION ledger_written_once()`,
  `CREATE TRIGGER ledger_postings_not_truncated BEFORE TRUNCATE ON ledger_postings
    FOR EACH STATEMENT EXECUTE FUNCTION ledger_written_once()`,
  `CREATE TRIGGER ledger_accounts_kept BEFORE DELETE ON ledger_accounts
    FOR EACH ROW EXECUTE FUNCTION ledger_written_once()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}
