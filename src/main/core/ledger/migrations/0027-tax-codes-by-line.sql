-- A tax code per kind of journal line (Settings → Accounting's "Tax codes by line"), where the
-- accounting product needs another than the row's tax_code: "cost=20% (VAT on Expenses);bank=No VAT"
-- as the mapping file writes it; '' when none. Saved and shared with the rest of the mapping.

ALTER TABLE account_mappings ADD COLUMN tax_codes TEXT NOT NULL DEFAULT ''
  CHECK (length(tax_codes) <= 500);
