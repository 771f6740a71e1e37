import { describe, expect, it } from 'vitest';
import { csvFileName, csvText } from './csv-export.ts';

describe('export what you see', () => {
  it('quotes as RFC 4180 and makes formula starts inert, as the backend export does', () => {
    expect(
      csvText(
        ['Name', 'Note'],
        [
          ['=1+2', 'a, "b"'],
          ['Bob;@SUM(A1)', 'line\nbreak'],
        ],
      ),
    ).toBe(`Name,Note\r\n'=1+2,"a, ""b"""\r\n"Bob;'@SUM(A1)","line\nbreak"\r\n`);
  });

  it('names the file after the list, its toggles and filters, and the day', () => {
    const day = new Date(2026, 10, 25);
    expect(csvFileName('users', { toggles: ['active'], filters: ['Smith', '', 'ACME Ltd.'] }, day)).toBe(
      'users-active-filter-smith-acme-ltd-2026-11-25.csv',
    );
    expect(csvFileName('applications', {}, day)).toBe('applications-2026-11-25.csv');
    expect(csvFileName('users', { filters: ['../../etc/passwd', '😀'] }, day)).toBe(
      'users-filter-etc-passwd-2026-11-25.csv',
    );
    expect(csvFileName('users', { filters: ['x'.repeat(500)] }, day).length).toBeLessThan(140);
  });
});
