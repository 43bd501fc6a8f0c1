// Dates in the site's time zone (IANA) and language (BCP 47), with Intl only (decision 045): how a reader
// sees a date, and how a wall-clock time an editor types in the site's zone becomes a UTC instant and back.
// The API itself stays ISO 8601 UTC; only what people read and type is zoned.

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

type Kind = 'date' | 'shortDay' | 'dateTime' | 'zoneName' | 'wallClock';

const OPTIONS: Record<Kind, Intl.DateTimeFormatOptions> = {
  date: { year: 'numeric', month: 'long', day: 'numeric' },
  shortDay: { month: 'short', day: 'numeric' },
  dateTime: { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
  zoneName: { hour: 'numeric', timeZoneName: 'short' },
  // Digits only, 00–23 hours (hourCycle, not hour12: false, which some engines answer with 24 at midnight).
  wallClock: { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' },
};

// A formatter costs far more to make than to use: one per (kind, language, zone), for the life of the isolate.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(kind: Kind, language: string, zone: string): Intl.DateTimeFormat {
  const key = `${kind}|${language}|${zone}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(language, { ...OPTIONS[kind], timeZone: zone });
    formatters.set(key, made);
  }
  return made;
}

/** Where dates are shown: the site's language and time zone, from its settings. */
export interface DateSite {
  language: string;
  timeZone: string;
}

// The days lists show, as written: every page a list renders shows the same few dozen posts' days again, and
// formatting one costs more than looking it up. Emptied when full, so it never grows with the site.
const writtenDays = new Map<string, string>();
const WRITTEN_DAYS_KEPT = 2000;

/** A day as the site's language writes it, in the site's zone (`3 March 2026`, `March 3, 2026`); no zone named. */
export function formatDateIn(site: DateSite, at: string | number): string {
  const key = `${site.language}|${site.timeZone}|${typeof at}|${at}`;
  let written = writtenDays.get(key);
  if (written === undefined) {
    written = formatterFor('date', site.language, site.timeZone).format(new Date(at));
    if (writtenDays.size >= WRITTEN_DAYS_KEPT) writtenDays.clear();
    writtenDays.set(key, written);
  }
  return written;
}

/** A day and month without the year, in the site's zone (`3 Mar`, `Mar 3`): a chart's axis. */
export const formatShortDayIn = (site: DateSite, at: string | number): string => formatterFor('shortDay', site.language, site.timeZone).format(new Date(at));

/** A day and time in the site's zone, naming the zone as Intl abbreviates it for the language (`Mar 3, 2026, 9:00 AM GMT+1`, `3. März 2026, 09:00 MEZ`). */
export const formatDateTimeIn = (site: DateSite, at: string | number): string =>
  formatterFor('dateTime', site.language, site.timeZone).format(new Date(at));

/** The zone's short name at an instant, as Intl writes it for the language (`CET`, `MEZ`, `GMT+1`, `EDT`, `UTC`). */
export function zoneNameAt(site: DateSite, at: number): string {
  const parts = formatterFor('zoneName', site.language, site.timeZone).formatToParts(new Date(at));
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? site.timeZone;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The UTC instant whose UTC fields are these (years below 100 included, unlike Date.UTC). */
function utcOf(c: WallClock): number {
  const d = new Date(0);
  d.setUTCFullYear(c.year, c.month - 1, c.day);
  d.setUTCHours(c.hour, c.minute, c.second, 0);
  return d.getTime();
}

function wallClockAt(zone: string, at: number): WallClock {
  const field = Object.fromEntries(
    formatterFor('wallClock', 'en-US', zone)
      .formatToParts(new Date(at))
      .map((p) => [p.type, Number(p.value)]),
  );
  return { year: field.year!, month: field.month!, day: field.day!, hour: field.hour!, minute: field.minute!, second: field.second! };
}

/** How far the zone's clocks are ahead of UTC at an instant, in ms (Berlin in winter: 3 600 000). */
export function zoneOffsetAt(zone: string, at: number): number {
  const whole = Math.floor(at / 1000) * 1000;
  return utcOf(wallClockAt(zone, whole)) - whole;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** The wall-clock time in the zone at an instant, as a `datetime-local` value to the minute (`2026-03-03T09:00`). */
export function wallTimeIn(zone: string, at: string | number): string {
  const c = wallClockAt(zone, new Date(at).getTime());
  return `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}T${pad(c.hour)}:${pad(c.minute)}`;
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant a wall-clock time (`datetime-local` value) names in the zone, or null when it is no such
 * value (empty, malformed, 30 February). A time the zone skips (spring forward) moves on by the gap, as
 * the clocks did (Berlin 02:30 on the last Sunday of March is 03:30 CEST); a time it repeats (fall back)
 * is the first of the two (Berlin 02:30 on the last Sunday of October is 02:30 CEST) — Temporal's
 * "compatible" choice, the same as JavaScript's own Date.
 */
export function instantOfWallTime(zone: string, value: string): number | null {
  const m = WALL_TIME.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((s) => Number(s ?? 0)) as [number, number, number, number, number, number];
  const wall = utcOf({ year, month, day, hour, minute, second });
  const check = new Date(wall);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return null;
  // A zone changes its offset at most once a day: the offsets a day either side are the two it can have here.
  const before = zoneOffsetAt(zone, wall - DAY_MS);
  const after = zoneOffsetAt(zone, wall + DAY_MS);
  const fits = [wall - before, wall - after].filter((at) => zoneOffsetAt(zone, at) === wall - at);
  return fits.length > 0 ? Math.min(...fits) : wall - before;
}
