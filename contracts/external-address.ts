// Whether an address leaves the site, without any schema code: the site's header and footer ask it on every
// public page, whose JavaScript must not carry zod (tests/e2e/bytes.test.ts).

/** Whether `to` leaves this site: an absolute https URL (anything else must be a site path). */
export const isExternalAddress = (to: string): boolean => /^https:\/\//i.test(to);
