// Existing tags offered while typing one (`GET /api/tags`, first page, by name).
import { useEffect, useState } from 'react';
import type { Tag } from '../../../contracts/tags';
import type { ApiClients } from '../../lib/api-client';
import { httpReads } from '../../lib/page-reads-api';

export function useTagSuggestions(api: ApiClients): Tag[] {
  const [tags, setTags] = useState<Tag[]>([]);
  useEffect(() => {
    let live = true;
    httpReads(api).tags().then(
      ({ items }) => live && setTags(items),
      () => undefined, // suggestions are a help, not a need: without them the author types names
    );
    return () => {
      live = false;
    };
  }, [api]);
  return tags;
}
