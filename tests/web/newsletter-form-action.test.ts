// The footer's subscribe form names its action without contracts/form-posts.ts (which would ship zod to every
// reader): the two must agree, or the form before hydration would post where no form is answered.
import { describe, expect, it } from 'vitest';
import { FORM_POSTS, formAction } from '../../contracts/form-posts';
import { SUBSCRIBE_FORM_ACTION, SUBSCRIBE_PATH } from '../../contracts/newsletter-paths';

describe('the subscribe form’s action', () => {
  it('is the form table’s action for `subscribe`, with its form name', () => {
    expect(FORM_POSTS.subscribe.action).toBe(SUBSCRIBE_PATH);
    expect(SUBSCRIBE_FORM_ACTION).toBe(formAction('subscribe', ''));
  });
});
