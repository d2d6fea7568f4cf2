import { describe, expect, it } from 'vitest';
import { addMonths, calendarMonth, rollForward, toUsagePeriod } from '../src/modules/plans/periods.ts';
import { pctUsed } from '../src/modules/plans/service.ts';

describe('billing periods', () => {
  it('starts the calendar month at midnight Europe/Paris, winter and summer time', () => {
    expect(calendarMonth(new Date('2026-11-23T10:00:00Z'))).toEqual({
      start: new Date('2026-10-31T23:00:00Z'),
      end: new Date('2026-11-30T23:00:00Z'),
    });
    // 1 July 00:00 CEST = 30 June 22:00 UTC; the March month holds the switch to summer time.
    expect(calendarMonth(new Date('2026-07-01T00:30:00+02:00')).start).toEqual(new Date('2026-06-30T22:00:00Z'));
    expect(calendarMonth(new Date('2026-03-15T12:00:00Z'))).toEqual({
      start: new Date('2026-02-28T23:00:00Z'),
      end: new Date('2026-03-31T22:00:00Z'),
    });
    // 31 December 23:30 UTC is already January in Paris.
    expect(calendarMonth(new Date('2026-12-31T23:30:00Z')).start).toEqual(new Date('2026-12-31T23:00:00Z'));
  });

  it('answers the kept month only for instants inside it, at both edges; a caller cannot alter it (ADR 0038)', () => {
    const november = calendarMonth(new Date('2026-11-23T10:00:00Z'));
    // A caller changing its copy does not change the next answer.
    november.start.setTime(0);
    expect(calendarMonth(new Date('2026-11-23T11:00:00Z')).start).toEqual(new Date('2026-10-31T23:00:00Z'));
    // First instant of the month (kept), last instant before it and first after it (recomputed).
    expect(calendarMonth(new Date('2026-10-31T23:00:00Z')).start).toEqual(new Date('2026-10-31T23:00:00Z'));
    expect(calendarMonth(new Date('2026-10-31T22:59:59.999Z')).start).toEqual(new Date('2026-09-30T22:00:00Z'));
    expect(calendarMonth(new Date('2026-11-30T22:59:59.999Z')).end).toEqual(new Date('2026-11-30T23:00:00Z'));
    expect(calendarMonth(new Date('2026-11-30T23:00:00Z')).start).toEqual(new Date('2026-11-30T23:00:00Z'));
    // And back again after another month was computed.
    expect(calendarMonth(new Date('2026-11-15T00:00:00Z'))).toEqual({
      start: new Date('2026-10-31T23:00:00Z'),
      end: new Date('2026-11-30T23:00:00Z'),
    });
  });

  it('adds months clamping the day, and rolls a late subscription period forward', () => {
    expect(addMonths(new Date('2026-01-31T10:00:00Z'), 1)).toEqual(new Date('2026-02-28T10:00:00Z'));
    const period = { start: new Date('2026-01-10T00:00:00Z'), end: new Date('2026-02-10T00:00:00Z') };
    expect(rollForward(period, new Date('2026-02-01T00:00:00Z'))).toEqual(period);
    expect(rollForward(period, new Date('2026-03-15T00:00:00Z'))).toEqual({
      start: new Date('2026-03-10T00:00:00Z'),
      end: new Date('2026-04-10T00:00:00Z'),
    });
  });

  it('answers whole days left, rounded up, never negative', () => {
    const period = { start: new Date('2026-11-01T00:00:00Z'), end: new Date('2026-11-10T00:00:00Z') };
    expect(toUsagePeriod(period, new Date('2026-11-08T12:00:00Z')).days_left).toBe(2);
    expect(toUsagePeriod(period, new Date('2026-11-11T00:00:00Z')).days_left).toBe(0);
    expect(toUsagePeriod(period, new Date('2026-11-01T00:00:00Z')).next_reset).toBe('2026-11-10T00:00:00.000Z');
  });

  it('gives the percentage used with one decimal, 0 unlimited, 100 for a zero limit', () => {
    expect(pctUsed(1, 3)).toBe(33.3);
    expect(pctUsed(25, 20)).toBe(125);
    expect(pctUsed(500, null)).toBe(0);
    expect(pctUsed(0, 0)).toBe(100);
  });
});
