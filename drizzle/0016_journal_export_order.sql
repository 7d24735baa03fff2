-- The journal's export and the personal data archive read a member's entries newest first in
-- keyset batches, `(created_at, id) < (last read)` (issue 28, ADR 0046): this index makes each
-- batch a range scan instead of sorting all the member's entries again.
CREATE INDEX "journal_entry_user_created_idx" ON "journal_entry" USING btree ("user_id","created_at","id");
