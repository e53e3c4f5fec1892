-- The reconciliation reads only the lines of complete statements (bank_line_reads: joined on
-- import_state = 'complete'), so a line becomes one of its inputs when its statement is made
-- complete, or when it joins an earlier complete statement: both are updates, which bump the inputs'
-- version (0020) already. The trigger on every inserted line bumped it once more per line: a million
-- extra updates in a million-line import, for lines no reader could see yet.

DROP TRIGGER recon_inputs_bank_lines_insert;
