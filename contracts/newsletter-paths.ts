// The subscribe call's address, with no schema library attached: the footer's form is on every public page and
// must not ship zod to every reader (the JavaScript budget, tests/e2e/bytes.test.ts). contracts/form-posts.ts
// posts the `subscribe` form here; a test holds SUBSCRIBE_FORM_ACTION to formAction('subscribe', '').
export const SUBSCRIBE_PATH = '/api/subscribe';
export const SUBSCRIBE_FORM_ACTION = `${SUBSCRIBE_PATH}?form=subscribe`;
