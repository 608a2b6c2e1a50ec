import { describe, expect, it } from 'vitest';
import { HANDICAP_RANGE, USER_PATCH_RULES, userPatchProblems } from '../src/http/users.js';

/* The profile form's own check: the same schema the gateway validates with, in words a golfer reads. */

describe('userPatchProblems', () => {
  it('names email and handicap for the design review’s x@y and 99999', () => {
    expect(userPatchProblems({ email: 'x@y', handicap: 99999 })).toEqual({ email: USER_PATCH_RULES.email, handicap: USER_PATCH_RULES.handicap });
    expect(USER_PATCH_RULES.handicap).toBe('must be a number from -10 to 54');
  });

  it.each([
    [{ handicap: HANDICAP_RANGE.max }, {}],
    [{ handicap: HANDICAP_RANGE.min }, {}],
    [{ handicap: null }, {}],
    [{ handicap: 54.1 }, { handicap: USER_PATCH_RULES.handicap }],
    [{ handicap: -10.1 }, { handicap: USER_PATCH_RULES.handicap }],
    [{ firstName: '   ' }, { firstName: USER_PATCH_RULES.firstName }],
    [{ lastName: 'x'.repeat(81) }, { lastName: USER_PATCH_RULES.lastName }],
    [{ firstName: 'Maximiliana-Josephine-Alexandrina', lastName: 'Ng' }, {}],
    [{ city: 'c'.repeat(81), state: 'FL' }, { city: USER_PATCH_RULES.city }],
    [{ email: 'golfer@example.com', city: null }, {}],
  ])('%j -> %j', (patch, problems) => {
    expect(userPatchProblems(patch)).toEqual(problems);
  });
});
