// The secrets the Worker refuses to serve without (middleware/check-secrets.ts), and how long each must be;
// `npm run deploy` generates those missing (scripts/lib/deploy-steps.ts, decision 060). No imports: scripts read it too.
export const REQUIRED_SECRETS = ['SESSION_SECRET', 'PASSWORD_PEPPER'] as const;

export const MIN_SECRET_LENGTH = 32;
