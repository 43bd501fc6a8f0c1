// Which built files a page needs (entry script, its CSS and imports), read once from Vite's manifest.
const MANIFEST_PATH = '/manifest.json';
const ENTRY = 'web/entry-client.tsx';

export interface ClientAssets {
  script: string;
  css: string[];
  preload: string[];
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

// A build artifact, the same for every request of this deployment, so it may live in module scope.
let cached: Promise<ClientAssets> | null = null;

async function load(assets: Fetcher): Promise<ClientAssets> {
  const res = await assets.fetch(new Request(`https://assets.invalid${MANIFEST_PATH}`));
  if (!res.ok) throw new Error(`client manifest missing (${res.status}); run the build first`);
  const manifest = (await res.json()) as Record<string, ManifestChunk>;
  const entry = manifest[ENTRY];
  if (!entry) throw new Error(`client manifest has no ${ENTRY}`);
  const css = new Set(entry.css ?? []);
  const preload = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || preload.has(chunk.file)) return;
    preload.add(chunk.file);
    chunk.css?.forEach((f) => css.add(f));
    chunk.imports?.forEach(visit);
  };
  entry.imports?.forEach(visit);
  return { script: `/${entry.file}`, css: [...css].map((f) => `/${f}`), preload: [...preload].map((f) => `/${f}`) };
}

export function getClientAssets(assets: Fetcher): Promise<ClientAssets> {
  if (!cached) {
    cached = load(assets).catch((err) => {
      cached = null;
      throw err;
    });
  }
  return cached;
}
