/**
 * CSV for the files the shop hands out (the admin's ticket export, a customer's own data).
 * papaparse, loaded only when a file is made, quotes commas, quotes and line breaks, and
 * `escapeFormulae` prefixes a cell starting with =, +, -, @, a tab or a carriage return with
 * a quote, so a name such as "=HYPERLINK(…)" never runs as a formula in a spreadsheet.
 */
export async function csvText(rows: readonly object[], columns?: string[]): Promise<string> {
  const { unparse } = (await import('papaparse')).default;
  return unparse(rows as unknown[], { columns, escapeFormulae: true, newline: '\r\n' });
}
