import { describe, expect, it } from 'vitest';
import {
  csvCell,
  employeeReportQuery,
  lagosToday,
  reportRangeQuery,
  reportStoresBody,
  toCsv,
} from './reports.js';

const messageOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? '' : (r.error?.issues.map((i) => i.message).join('; ') ?? '');

describe('report queries', () => {
  it('takes Lagos days, refuses impossible dates and an end before the start, naming the field', () => {
    expect(reportRangeQuery.parse({ startdate: '2025-03-01', enddate: '2025-03-31' })).toMatchObject({
      startdate: '2025-03-01',
      enddate: '2025-03-31',
    });
    expect(messageOf(reportRangeQuery.safeParse({ startdate: '2025-02-29' }))).toBe(
      'startdate is not a real date',
    );
    expect(messageOf(reportRangeQuery.safeParse({ enddate: '1/3/2025' }))).toBe(
      'enddate must be a date like 2024-01-31',
    );
    expect(messageOf(reportRangeQuery.safeParse({ startdate: '2025-03-02', enddate: '2025-03-01' }))).toBe(
      'enddate must be on or after startdate',
    );
    expect(messageOf(employeeReportQuery.safeParse({ employeeid: 'me' }))).toBe(
      'The employeeid must be a valid id.',
    );
  });

  it('reads store ids from a comma list or an array, and an empty body', () => {
    const a = '01890000-0000-7000-8000-00000000000A';
    const b = '01890000-0000-7000-8000-00000000000b';
    expect(reportRangeQuery.parse({ store_ids: `${a}, ${b}` }).store_ids).toEqual([a.toLowerCase(), b]);
    expect(reportStoresBody.parse({ store_ids: [b] })).toEqual({ store_ids: [b] });
    expect(reportStoresBody.parse(undefined)).toEqual({});
    expect(messageOf(reportStoresBody.safeParse({ store_ids: ['x'] }))).toContain('store_ids');
  });

  it('knows the Lagos day: 23:30 UTC is already tomorrow in Lagos', () => {
    expect(lagosToday(new Date('2025-03-01T23:30:00Z'))).toBe('2025-03-02');
    expect(lagosToday(new Date('2025-03-01T22:59:00Z'))).toBe('2025-03-01');
  });
});

describe('CSV', () => {
  it('quotes commas, quotes and line breaks, and defuses spreadsheet formulas', () => {
    expect(csvCell('Rice, 50kg')).toBe('"Rice, 50kg"');
    expect(csvCell('12" pan')).toBe('"12"" pan"');
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell(-300)).toBe('-300');
    expect(csvCell(null)).toBe('');
    expect(toCsv(['Product', 'Net sales'], [['Garri', '1200.00']])).toBe(
      'Product,Net sales\r\nGarri,1200.00\r\n',
    );
  });
});
