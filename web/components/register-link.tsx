// The way to /register, shown only while visitors may register (the registration policy, contracts/
// registration-policy.ts). A plain link, a full page load: the register page arrives with its own CSP, which
// alone allows Turnstile's script and frame (decision 054).
import type { ReactNode } from 'react';
import { registrationOpen } from '../../contracts/registration-policy';
import { paths } from '../lib/paths';
import { useSite } from '../lib/site';

/**
 * Whether to offer registration: the policy allows it (the settings, as the root route read them). Without
 * the settings (an error page) it is offered, and the register page says what applies.
 */
export function useRegistrationOpen(): boolean {
  const { registration } = useSite();
  return registration === undefined || registrationOpen(registration);
}

export function RegisterLink({ redirect, className, children }: { redirect?: string | undefined; className?: string; children: ReactNode }) {
  return (
    <a href={paths.register(redirect)} className={className}>
      {children}
    </a>
  );
}
