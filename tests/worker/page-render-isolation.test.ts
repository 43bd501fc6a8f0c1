// Pages rendered at the same time for different people never show one person's data to another.
import { describe, expect, it } from 'vitest';
import { createUser } from './factories';
import { call } from './helpers';

const heading = (html: string) => /<h1>([^<]*)<\/h1>/.exec(html)?.[1];

describe('concurrent page renders', () => {
  it('give each signed-in user their own /profile, and visitors the login redirect', async () => {
    const [a, b] = await Promise.all([createUser({ name: 'Ada Isolated' }), createUser({ name: 'Ben Isolated' })]);
    const who = [a, b, null, a, b, null, b, a];
    const answers = await Promise.all(who.map((u) => call('/profile', { cookie: u?.cookie ?? null })));
    const pages = await Promise.all(answers.map((r) => r.text()));
    who.forEach((u, i) => {
      if (u === null) {
        expect(answers[i]!.status).toBe(302);
        return;
      }
      expect(answers[i]!.status).toBe(200);
      expect(heading(pages[i]!)).toBe(u.name);
      const other = u === a ? b : a;
      expect(pages[i]).not.toContain(other.name);
    });
  });
});
