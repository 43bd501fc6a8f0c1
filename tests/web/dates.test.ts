// Dates in the site's zone and language (contracts/dates.ts, web/components/format.ts): formatting per
// language, and the schedule picker's wall-clock time ↔ UTC instant across DST in several zones.
import { describe, expect, it } from 'vitest';
import { instantOfWallTime, wallTimeIn, zoneOffsetAt } from '../../contracts/dates';
import { siteDates } from '../../web/components/format';

/** Intl may put a narrow no-break space before AM/PM; compare with plain spaces. */
const plain = (s: string) => s.replace(/\s/g, ' ');
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const berlin = (language: string) => siteDates({ language, timeZone: 'Europe/Berlin' });

describe('dates a reader sees follow the site’s zone and language', () => {
  const at = '2026-03-03T08:00:00.000Z';

  it('a day is the day in the site’s zone, written as its language writes it, with no zone', () => {
    // 23:30 UTC on 2 March is already 3 March in Berlin.
    const lateEvening = '2026-03-02T23:30:00.000Z';
    expect(siteDates({ language: 'en', timeZone: 'UTC' }).formatDate(lateEvening)).toBe('March 2, 2026');
    expect(berlin('en').formatDate(lateEvening)).toBe('March 3, 2026');
    expect(berlin('en-GB').formatDate(lateEvening)).toBe('3 March 2026');
    expect(berlin('de').formatDate(lateEvening)).toBe('3. März 2026');
    expect(berlin('fr').formatDate(lateEvening)).toBe('3 mars 2026');
    expect(berlin('ja').formatDate(lateEvening)).toBe('2026年3月3日');
  });

  it('a day and time is the site’s wall-clock time and names the zone as Intl abbreviates it for the language', () => {
    expect(plain(berlin('en').formatDateTime(at))).toBe('Mar 3, 2026, 9:00 AM GMT+1');
    expect(plain(berlin('en-GB').formatDateTime(at))).toBe('3 Mar 2026, 09:00 CET');
    expect(plain(berlin('de').formatDateTime(at))).toBe('3. März 2026, 09:00 MEZ');
    expect(plain(berlin('fr').formatDateTime(at))).toBe('3 mars 2026, 09:00 UTC+1');
    expect(plain(berlin('ja').formatDateTime(at))).toBe('2026年3月3日 9:00 GMT+1');
    expect(plain(siteDates({ language: 'en', timeZone: 'America/New_York' }).formatDateTime('2026-07-01T12:00:00Z'))).toBe('Jul 1, 2026, 8:00 AM EDT');
    expect(plain(siteDates({ language: 'en', timeZone: 'UTC' }).formatDateTime(at))).toBe('Mar 3, 2026, 8:00 AM UTC');
  });

  it('a time field names the zone and its abbreviation at that instant (summer and winter differ)', () => {
    expect(berlin('en-GB').zoneLabel(Date.parse(at))).toBe('Europe/Berlin, CET');
    expect(berlin('en-GB').zoneLabel(Date.parse('2026-07-01T12:00:00Z'))).toBe('Europe/Berlin, CEST');
    expect(berlin('en').zoneLabel(Date.parse(at))).toBe('Europe/Berlin, GMT+1');
    // UTC's abbreviation is its name: said once.
    expect(siteDates({ language: 'en', timeZone: 'UTC' }).zoneLabel(Date.parse(at))).toBe('UTC');
  });

  it('without a zone in the settings (an error page) dates are in UTC', () => {
    expect(plain(siteDates({ language: 'en' }).formatDateTime(at))).toBe('Mar 3, 2026, 8:00 AM UTC');
  });
});

describe('a wall-clock time typed in the schedule picker means the site’s zone', () => {
  const cases: [zone: string, wall: string, utc: string][] = [
    ['UTC', '2026-03-03T09:00', '2026-03-03T09:00:00.000Z'],
    ['Asia/Kolkata', '2026-03-03T09:00', '2026-03-03T03:30:00.000Z'],
    ['Europe/Berlin', '2026-01-15T09:00', '2026-01-15T08:00:00.000Z'],
    ['Europe/Berlin', '2026-07-15T09:00', '2026-07-15T07:00:00.000Z'],
    ['America/New_York', '2026-01-15T09:00', '2026-01-15T14:00:00.000Z'],
    ['America/New_York', '2026-07-15T09:00', '2026-07-15T13:00:00.000Z'],
    ['Australia/Lord_Howe', '2026-01-15T09:00', '2026-01-14T22:00:00.000Z'],
    ['Australia/Lord_Howe', '2026-07-15T09:00', '2026-07-14T22:30:00.000Z'],
    ['Pacific/Auckland', '2026-01-15T09:00', '2026-01-14T20:00:00.000Z'],
  ];

  it.each(cases)('in %s, %s is %s, and that instant reads back as the same wall-clock time', (zone, wall, utc) => {
    expect(iso(instantOfWallTime(zone, wall))).toBe(utc);
    expect(wallTimeIn(zone, utc)).toBe(wall);
  });

  it('a time the clocks skip (spring forward) moves on by the gap', () => {
    // Berlin 29 March 2026: 02:00 CET → 03:00 CEST; 02:30 is 03:30 CEST.
    expect(iso(instantOfWallTime('Europe/Berlin', '2026-03-29T02:30'))).toBe('2026-03-29T01:30:00.000Z');
    // New York 8 March 2026: 02:00 EST → 03:00 EDT.
    expect(iso(instantOfWallTime('America/New_York', '2026-03-08T02:30'))).toBe('2026-03-08T07:30:00.000Z');
    // Lord Howe 4 October 2026: 02:00 → 02:30 (a half-hour shift); 02:15 is 02:45.
    expect(iso(instantOfWallTime('Australia/Lord_Howe', '2026-10-04T02:15'))).toBe('2026-10-03T15:45:00.000Z');
    expect(wallTimeIn('Australia/Lord_Howe', '2026-10-03T15:45:00.000Z')).toBe('2026-10-04T02:45');
  });

  it('a time the clocks repeat (fall back) is the first of the two (the summer offset)', () => {
    // Berlin 25 October 2026: 03:00 CEST → 02:00 CET; 02:30 happens at 00:30 and 01:30 UTC.
    expect(iso(instantOfWallTime('Europe/Berlin', '2026-10-25T02:30'))).toBe('2026-10-25T00:30:00.000Z');
    expect(iso(instantOfWallTime('Europe/Berlin', '2026-10-25T03:30'))).toBe('2026-10-25T02:30:00.000Z');
    // New York 1 November 2026: 02:00 EDT → 01:00 EST.
    expect(iso(instantOfWallTime('America/New_York', '2026-11-01T01:30'))).toBe('2026-11-01T05:30:00.000Z');
    // Lord Howe 5 April 2026: 02:00 (+11) → 01:30 (+10:30); 01:45 happens twice, half an hour apart.
    expect(iso(instantOfWallTime('Australia/Lord_Howe', '2026-04-05T01:45'))).toBe('2026-04-04T14:45:00.000Z');
    expect(wallTimeIn('Australia/Lord_Howe', '2026-04-04T15:15:00.000Z')).toBe('2026-04-05T01:45');
  });

  it('the zone’s offset changes at the transition instant, by the zone’s own amount', () => {
    const hour = 3_600_000;
    expect(zoneOffsetAt('Europe/Berlin', Date.parse('2026-03-29T00:59:59Z'))).toBe(hour);
    expect(zoneOffsetAt('Europe/Berlin', Date.parse('2026-03-29T01:00:00Z'))).toBe(2 * hour);
    expect(zoneOffsetAt('Australia/Lord_Howe', Date.parse('2026-10-03T15:29:59Z'))).toBe(10.5 * hour);
    expect(zoneOffsetAt('Australia/Lord_Howe', Date.parse('2026-10-03T15:30:00Z'))).toBe(11 * hour);
    expect(zoneOffsetAt('Asia/Kolkata', Date.parse('2026-06-01T00:00:00Z'))).toBe(5.5 * hour);
  });

  it('what is not a wall-clock time is no instant', () => {
    for (const value of ['', 'tomorrow', '2026-02-30T09:00', '2026-13-01T09:00', '2026-03-03T24:00', '2026-03-03 09:00']) {
      expect(instantOfWallTime('Europe/Berlin', value)).toBeNull();
    }
  });

  it('the site’s helpers convert with the site’s zone, not the machine’s', () => {
    const dates = siteDates({ language: 'en', timeZone: 'Pacific/Auckland' });
    expect(iso(dates.fromWallTime('2026-07-15T09:00'))).toBe('2026-07-14T21:00:00.000Z');
    expect(dates.toWallTime('2026-07-14T21:00:00.000Z')).toBe('2026-07-15T09:00');
  });
});
