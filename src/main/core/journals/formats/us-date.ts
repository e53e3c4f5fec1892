/** YYYY-MM-DD → MM/DD/YYYY: the date QuickBooks Online (US), Sage Accounting (Canada) and NetSuite (US preference) read. */
export function monthDayYear(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${month}/${day}/${year}`;
}
