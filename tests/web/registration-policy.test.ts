// The registration policy as one rule (contracts/registration-policy.ts): the role a registration makes under
// each policy, and whether a visitor may register at all — what the Worker, the register page and the links ask.
import { describe, expect, it } from 'vitest';
import { newAccountRole, registrationOpen } from '../../contracts/registration-policy';
import { ROLE_AUTHOR, ROLE_CONTRIBUTOR } from '../../contracts/roles';
import { REGISTRATION_POLICIES } from '../../contracts/settings';

describe('the registration policy', () => {
  it('open makes authors, review contributors; invite and closed make nobody', () => {
    expect(Object.fromEntries(REGISTRATION_POLICIES.map((p) => [p, [newAccountRole(p), registrationOpen(p)]]))).toEqual({
      open: [ROLE_AUTHOR, true],
      review: [ROLE_CONTRIBUTOR, true],
      invite: [null, false],
      closed: [null, false],
    });
  });
});
