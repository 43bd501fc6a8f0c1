// The newsletter pages' calls: the subscribe call is shared with the footer's form (web/lib/newsletter-api.ts).
export { subscribe } from '../../lib/newsletter-api';
