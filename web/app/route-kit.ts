// Transitional: the route types live in web/lib/route-kit.ts. Only web/entry-server.tsx and
// worker/render/document.ts (edited by another change right now) still import this path;
// once they import web/lib/route-kit.ts, delete this file (docs/decisions/016-web-layering.md).
export type { HeadInfo } from '../lib/route-kit';
