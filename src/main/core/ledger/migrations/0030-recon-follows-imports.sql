-- An import adds bank lines; the kept reading (0020) follows it by placing the new lines' rows among
-- the kept ones instead of deriving every row again. Kept rows are numbered with gaps between their
-- positions (recon/kept-items.ts), and a new row's place is found among the rows of its day.

CREATE INDEX recon_item_rows_date ON recon_item_rows (workspace_id, date);
