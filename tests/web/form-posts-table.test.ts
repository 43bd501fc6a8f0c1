// The one table of forms that work before hydration (contracts/form-posts.ts): no password or code is ever
// echoed into a re-rendered form, each action names its form, and only a page's own query travels along.
import { describe, expect, it } from 'vitest';
import { echoedValues, FORM_POSTS, formAction, formPostAt, showsField, type FormId } from '../../contracts/form-posts';

const ids = Object.keys(FORM_POSTS) as FormId[];

describe('the forms table', () => {
  it('marks every password and code field secret, so a re-rendered form never holds one', () => {
    for (const id of ids) {
      for (const [name, role] of Object.entries(FORM_POSTS[id].fields)) {
        if (/password|code/i.test(name)) expect(`${id}.${name}: ${role}`).toBe(`${id}.${name}: secret`);
      }
    }
    const submitted = new URLSearchParams({ login: 'maya', password: 'hunter2-hunter2', role: 'admin' });
    expect(echoedValues(FORM_POSTS.login, submitted)).toEqual({ login: 'maya' });
  });

  it('never echoes the register honeypot or a Turnstile token, whose errors go beside the buttons', () => {
    const submitted = new URLSearchParams({ name: 'Maya', username: 'maya', email: 'm@example.com', password: 'x', website: 'spam', turnstileToken: 'once' });
    expect(echoedValues(FORM_POSTS.register, submitted)).toEqual({ name: 'Maya', username: 'maya', email: 'm@example.com' });
    expect(showsField('register', 'turnstileToken')).toBe(false);
    expect(showsField('register', 'website')).toBe(false);
  });

  it('names the form in its action, carries only the listed page query, and finds the form again from it', () => {
    expect(formAction('login', '?redirect=%2Fprofile&utm=x')).toBe('/api/auth/login?form=login&redirect=%2Fprofile');
    expect(formAction('profile', '?saved=profile')).toBe('/api/profile?form=profile');
    for (const id of ids) {
      const found = formPostAt(new URL(formAction(id, ''), 'https://byline.test'));
      expect(found?.id).toBe(id);
    }
    // A `?form=` naming a form of another path does not move the post there.
    expect(formPostAt(new URL('https://byline.test/api/profile?form=login'))?.id).toBe('profile');
    expect(formPostAt(new URL('https://byline.test/api/posts'))).toBeNull();
  });
});
