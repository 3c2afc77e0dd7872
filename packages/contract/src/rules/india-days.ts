// The shop's calendar: India Standard Time (UTC+05:30, no daylight saving), days written YYYY-MM-DD. Reports,
// invoices and return windows count these days, never the server's.

/** The shop's time zone, for SQL that groups by the shop's days. */
export const SHOP_TIME_ZONE = 'Asia/Kolkata';

const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

/** The India date of an instant: 18:30 UTC is already the next day. */
export function indiaDate(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The India wall-clock time of an instant, 'YYYY-MM-DDTHH:mm' (what a datetime-local input shows). */
export function indiaWallTime(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 16);
}

/** The instant an India wall-clock time ('YYYY-MM-DDTHH:mm', seconds optional) names; null for text that is not one. */
export function instantOfIndiaTime(text: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(text)) return null;
  const ms = Date.parse(`${text.length === 16 ? `${text}:00` : text}Z`) - IST_OFFSET_MS;
  // Date.parse rolls 30 February over into March: a time that does not read back the same is not one.
  if (Number.isNaN(ms) || indiaWallTime(new Date(ms)) !== text.slice(0, 16)) return null;
  return new Date(ms);
}

/** The instant an India day ('YYYY-MM-DD') begins: 18:30 UTC of the day before. */
export function indiaDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS);
}

/** The day `days` after (or before) a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from one day to another: 0 for the same day, negative when `to` is before `from`. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

export type DayRange = { from: string; to: string } | { problem: 'reversed' | 'too-long' };

/**
 * A report's range of India days, both included: what was asked, the missing end filled with today and the
 * missing start with `defaultDays` up to the end; a problem when it runs backwards or spans more than `maxDays`.
 */
export function indiaDayRange(
  query: { from?: string | undefined; to?: string | undefined },
  now: Date,
  defaultDays: number,
  maxDays: number,
): DayRange {
  const to = query.to ?? indiaDate(now);
  const from = query.from ?? addDays(to, 1 - defaultDays);
  const span = daysBetween(from, to);
  if (span < 0) return { problem: 'reversed' };
  if (span >= maxDays) return { problem: 'too-long' };
  return { from, to };
}

/** The instant of a time of day ('HH:MM', India time) on a YYYY-MM-DD India day. */
export function indiaInstant(day: string, time: string): Date {
  return new Date(Date.parse(`${day}T${time}:00Z`) - IST_OFFSET_MS);
}
