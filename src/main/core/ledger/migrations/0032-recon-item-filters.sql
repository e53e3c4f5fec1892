-- recon:items answers a filter without reading every kept row where it can.
-- cells: the kept items' count and sum per combination of what a filter names besides amounts and
-- words (currency, state, age, float, direction, scope), so the totals of such a filter are a sum of
-- a few cells (repositories/recon-item-cells.ts). NULL in a reading kept before this step: its filters read the rows.
ALTER TABLE recon_item_readings ADD COLUMN cells TEXT
  CHECK (cells IS NULL OR (json_valid(cells) AND json_type(cells) = 'array'));

-- A page of items names each bank line by its bank id, qualified when the id is on more than one
-- line: finding those lines by bank id, whatever their account, without reading the workspace's index.
CREATE INDEX bank_lines_bank_txn ON bank_lines (workspace_id, bank_transaction_id);
