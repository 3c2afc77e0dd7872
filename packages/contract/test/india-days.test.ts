import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  indiaDate,
  indiaDayRange,
  indiaDayStart,
  indiaWallTime,
  instantOfIndiaTime,
} from '../src/rules/india-days.ts';

describe("the shop's days", () => {
  it('counts days across months and years', () => {
    expect(indiaDate(new Date('2026-12-31T18:30:00Z'))).toBe('2027-01-01');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(daysBetween('2026-11-01', '2026-11-30')).toBe(29);
    expect(daysBetween('2026-11-30', '2026-11-01')).toBe(-29);
  });

  it('reads and writes India wall-clock times, and finds where an India day begins', () => {
    expect(indiaWallTime(new Date('2026-11-25T18:45:00Z'))).toBe('2026-11-26T00:15');
    expect(instantOfIndiaTime('2026-11-26T00:15')?.toISOString()).toBe('2026-11-25T18:45:00.000Z');
    expect(instantOfIndiaTime('2026-04-01T09:30:15')?.toISOString()).toBe('2026-04-01T04:00:15.000Z');
    expect(instantOfIndiaTime('26/11/2026 10:00')).toBeNull();
    expect(instantOfIndiaTime('2026-02-30T10:00')).toBeNull();
    expect(indiaDayStart('2027-01-01').toISOString()).toBe('2026-12-31T18:30:00.000Z');
  });

  it('fills a report range from today in India, and names what is wrong with one', () => {
    const now = new Date('2026-11-25T19:00:00Z');
    expect(indiaDayRange({}, now, 30, 366)).toEqual({ from: '2026-10-28', to: '2026-11-26' });
    expect(indiaDayRange({ to: '2026-11-10' }, now, 7, 366)).toEqual({
      from: '2026-11-04',
      to: '2026-11-10',
    });
    expect(indiaDayRange({ from: '2026-11-10', to: '2026-11-09' }, now, 30, 366)).toEqual({
      problem: 'reversed',
    });
    expect(indiaDayRange({ from: '2025-01-01', to: '2026-01-02' }, now, 30, 366)).toEqual({
      problem: 'too-long',
    });
    expect(indiaDayRange({ from: '2025-01-02', to: '2026-01-02' }, now, 30, 366)).toEqual({
      from: '2025-01-02',
      to: '2026-01-02',
    });
  });
});
