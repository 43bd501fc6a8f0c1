// turndown-plugin-gfm 1.0.2 ships no types; only the table plugin is used (import-html.ts beside it).
declare module 'turndown-plugin-gfm' {
  import type TurndownService from 'turndown';
  export const tables: TurndownService.Plugin;
}
