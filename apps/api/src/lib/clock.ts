// Time as a dependency: lockouts, token lifetimes and the refresh grace window are tested by moving a clock
// forward instead of sleeping.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to (tests, benchmarks). */
export class ManualClock implements Clock {
  private ms: number;

  constructor(start: Date | string | number = '2026-01-15T10:00:00.000Z') {
    this.ms = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.ms);
  }

  advance(ms: number): void {
    this.ms += ms;
  }

  advanceSeconds(seconds: number): void {
    this.advance(seconds * 1000);
  }

  set(at: Date | string | number): void {
    this.ms = new Date(at).getTime();
  }
}
