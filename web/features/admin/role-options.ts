// The four roles as a select offers them (the users filter, the user form): most powerful first, by their names.
import { ROLES, roleLabel } from '../../../contracts/roles';

export const ROLE_OPTIONS: readonly { value: string; label: string }[] = ROLES.map((role) => ({ value: String(role), label: roleLabel(role) }));
