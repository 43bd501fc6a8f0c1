// Dates as readers and editors see and type them: in the site's time zone and language (its settings), so
// the server and the browser write the same text (never the browser's own zone). Rules in contracts/dates.ts.
import { useMemo } from 'react';
import { formatDateIn, formatDateTimeIn, formatShortDayIn, instantOfWallTime, wallTimeIn, zoneNameAt, type DateSite } from '../../contracts/dates';
import { useSite, type SiteInfo } from '../lib/site';

export interface SiteDates {
  /** The site's IANA time zone. */
  zone: string;
  /** A day (`3 March 2026`), no time and no zone. */
  formatDate: (iso: string) => string;
  /** A day and month only (`Mar 3`), for a chart's axis. */
  formatShortDay: (iso: string) => string;
  /** A day and time naming the zone (`Mar 3, 2026, 9:00 AM GMT+1`). */
  formatDateTime: (iso: string) => string;
  /** What a time field says about its zone at that instant (`Europe/Berlin, CET`). */
  zoneLabel: (at: number) => string;
  /** A `datetime-local` value: the instant's wall-clock time in the site's zone. */
  toWallTime: (at: string | number) => string;
  /** The instant a `datetime-local` value names in the site's zone, or null for no time. */
  fromWallTime: (value: string) => number | null;
}

/** When the settings could not be read (an error page): UTC. */
const FALLBACK_ZONE = 'UTC';

/** The date helpers bound to a site's language and zone. */
export function siteDates({ language, timeZone }: Pick<SiteInfo, 'language' | 'timeZone'>): SiteDates {
  const site: DateSite = { language, timeZone: timeZone ?? FALLBACK_ZONE };
  const zone = site.timeZone;
  return {
    zone,
    formatDate: (iso) => formatDateIn(site, iso),
    formatShortDay: (iso) => formatShortDayIn(site, iso),
    formatDateTime: (iso) => formatDateTimeIn(site, iso),
    zoneLabel: (at) => {
      const name = zoneNameAt(site, at);
      return name === zone ? zone : `${zone}, ${name}`;
    },
    toWallTime: (at) => wallTimeIn(zone, at),
    fromWallTime: (value) => instantOfWallTime(zone, value),
  };
}

/** The date helpers for the site being shown (the root route's settings). */
export function useDates(): SiteDates {
  const { language, timeZone } = useSite();
  return useMemo(() => siteDates({ language, timeZone }), [language, timeZone]);
}
