// The way to /register, shown only while visitors may register (the registration policy, contracts/
// registration-policy.ts). A plain link, a full page load: the register page arrives with its own CSP, which
// alone allows Turnstile's script and frame (decision 054).
import type { ReactNode } from 'react';
import { registrationOpen } from '../../contracts/registration-policy';
import { paths } from '../lib/paths';
import { useSite } from '../lib/site';

/** Whether a visitor may register on this site (its settings, as the root route read them). */
export const useRegistrationOpen = (): boolean => registrationOpen(useSite().registration);

export function RegisterLink({ redirect, className, children }: { redirect?: string | undefined; className?: string; children: ReactNode }) {
  return (
    <a href={paths.register(redirect)} className={className}>
      {children}
    </a>
  );
}
