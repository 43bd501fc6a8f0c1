// Cloudflare Turnstile's widget (contracts/turnstile.ts), shown where the site checks it. Rendered by the
// server with its script, it works before hydration: the script draws it and puts the token into the form
// under TURNSTILE_FIELD, so the plain post carries it. After hydration React leaves the widget's insides to
// Cloudflare's script (an empty inner HTML it never rewrites); a page reached by a client navigation draws it
// here. A token is good once: `resets` going up asks for a fresh one (after a refused submit).
import { useEffect, useRef } from 'react';
import { TURNSTILE_FIELD, TURNSTILE_SCRIPT } from '../../contracts/turnstile';

interface TurnstileApi {
  render: (container: HTMLElement) => string | undefined;
  reset: (container: HTMLElement) => void;
}
const turnstileApi = (): TurnstileApi | undefined => (window as { turnstile?: TurnstileApi }).turnstile;

export function TurnstileWidget({ siteKey, resets }: { siteKey: string; resets: number }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const container = box.current;
    if (!container) return;
    const api = turnstileApi();
    // Loaded already (a client navigation): draw it now; else the script draws every `.cf-turnstile` once it loads.
    if (api) {
      if (container.childElementCount === 0) api.render(container);
    } else if (!document.querySelector(`script[src="${TURNSTILE_SCRIPT}"]`)) {
      const script = document.createElement('script');
      script.src = TURNSTILE_SCRIPT;
      script.async = true;
      document.head.appendChild(script);
    }
  }, []);

  useEffect(() => {
    if (resets > 0 && box.current) turnstileApi()?.reset(box.current);
  }, [resets]);

  return (
    <>
      <script src={TURNSTILE_SCRIPT} async defer />
      <div
        ref={box}
        className="cf-turnstile turnstile"
        data-sitekey={siteKey}
        data-response-field-name={TURNSTILE_FIELD}
        dangerouslySetInnerHTML={{ __html: '' }}
      />
    </>
  );
}
