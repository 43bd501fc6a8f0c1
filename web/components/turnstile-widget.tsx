// Cloudflare Turnstile's widget (contracts/turnstile.ts), shown where the site checks it. The Worker puts
// Turnstile's script in the head of that page (and allows it in that page's CSP only), so it works before
// hydration: the script draws every `.cf-turnstile` and puts the token into the form under TURNSTILE_FIELD,
// and the plain post carries it. React leaves the widget's insides to that script (an empty inner HTML it
// never rewrites); when the page comes back by a client navigation the script is there and draws it here.
// A token is good once: `resets` going up asks for a fresh one (after a refused submit).
import { useEffect, useRef } from 'react';
import { TURNSTILE_FIELD } from '../../contracts/robot-check-fields';

interface TurnstileApi {
  render: (container: HTMLElement) => string | undefined;
  reset: (container: HTMLElement) => void;
}
const turnstileApi = (): TurnstileApi | undefined => (window as { turnstile?: TurnstileApi }).turnstile;

export function TurnstileWidget({ siteKey, resets }: { siteKey: string; resets: number }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // Loaded already (a client navigation back here): draw it now; else the script draws it once it loads.
    const container = box.current;
    if (container && container.childElementCount === 0) turnstileApi()?.render(container);
  }, []);

  useEffect(() => {
    if (resets > 0 && box.current) turnstileApi()?.reset(box.current);
  }, [resets]);

  return (
    <div
      ref={box}
      className="cf-turnstile turnstile"
      data-sitekey={siteKey}
      data-response-field-name={TURNSTILE_FIELD}
      dangerouslySetInnerHTML={{ __html: '' }}
    />
  );
}
