// The honeypot (contracts/honeypot.ts): a field people never meet — off-screen (not display:none, which
// robots skip), out of the tab order, hidden from screen readers, never autofilled — so only a robot fills it.
import { HONEYPOT_FIELD } from '../../contracts/robot-check-fields';

export function HoneypotField() {
  return (
    <div className="honeypot" aria-hidden="true">
      <label>
        Website
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
