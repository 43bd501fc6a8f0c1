// The live preview: the body rendered by the Worker (the HTML readers get), 350 ms after typing stops.
import { useEffect, useState } from 'react';
import type { ApiClients } from '../../lib/api-client';
import { previewPost } from './api';

export function usePreview(api: ApiClients, body: string): { html: string; busy: boolean } {
  const [html, setHtml] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (body.trim() === '') {
      setHtml('');
      return;
    }
    let stale = false;
    setBusy(true);
    const timer = setTimeout(async () => {
      try {
        const res = await previewPost(api, body);
        if (!stale) setHtml(res.html);
      } catch {
        if (!stale) setHtml('<p><em>Preview unavailable right now.</em></p>');
      } finally {
        if (!stale) setBusy(false);
      }
    }, 350);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [api, body]);
  return { html, busy };
}
