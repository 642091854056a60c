// Export: the roster as the CSV it is imported from (rosterCsv): a byte-order mark, CRLF line ends, and no cell a
// spreadsheet would run as a formula.
import { rosterCsv } from '../../../../src/shared/roster/export.ts';

return { json: { csv: rosterCsv($json.entries) } };
