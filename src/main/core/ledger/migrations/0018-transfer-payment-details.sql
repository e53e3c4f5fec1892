-- What a top-up sent besides its amount, and who sent it, so a request's detail panel can show it:
-- the finance e-mail and the proforma invoice block (a JSON object of strings) exactly as submitted,
-- and the person (this computer's account name, or the name set in Settings). Older rows keep NULL.
ALTER TABLE transfer_submissions ADD COLUMN finance_email TEXT;
ALTER TABLE transfer_submissions ADD COLUMN proforma_invoice TEXT
  CHECK (proforma_invoice IS NULL OR (json_valid(proforma_invoice) AND json_type(proforma_invoice) = 'object'));
ALTER TABLE transfer_submissions ADD COLUMN submitted_by TEXT;
-- A top-up sent although the same float, currency and amount had been requested within 7 days: the
-- earlier request's reference, so the decision stays visible.
ALTER TABLE transfer_submissions ADD COLUMN confirmed_duplicate_of TEXT;

-- Where the platform is paid (its bank details as the platform gives them), shown after a top-up is
-- sent. One row per workspace, written the first time they are saved; every field may be empty.
CREATE TABLE platform_bank_details (
  workspace_id  INTEGER PRIMARY KEY REFERENCES workspaces (id),
  payee_name    TEXT NOT NULL CHECK (length(payee_name) <= 200),
  account       TEXT NOT NULL CHECK (length(account) <= 64),     -- IBAN or account number
  bank_code     TEXT NOT NULL CHECK (length(bank_code) <= 64),   -- sort code, BIC or routing number
  bank_name     TEXT NOT NULL CHECK (length(bank_name) <= 200),
  note          TEXT NOT NULL CHECK (length(note) <= 1000),
  updated_at    TEXT NOT NULL CHECK (length(updated_at) > 0)
) STRICT;
