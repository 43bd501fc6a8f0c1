// npm run bench: one command that builds Byline if needed, seeds a fixed data set into a fresh local
// D1, starts Byline and a hello-world Worker under `wrangler dev` on loopback, loads each public page
// with autocannon (Byline cached, Byline uncached, hello, alternating in rounds), prints the table and
// the JavaScript a first visit downloads, and stops everything it started.
//
//   npm run bench [-- --posts 1000] [--rounds 3] [--seconds 5] [--connections 16] [--pages home,post]
//                    [--reuse-data] [--skip-js]
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureDevVars } from './lib/dev-vars.mjs';
import { CliError, parseArgs, PROJECT_ROOT, runCli } from './lib/d1-local';
import { buildIfNeeded } from './lib/bench/build';
import { categorySlug, COMMON_WORD, DATASET_VERSION, RARE_WORD, summarize, tagSlug } from './lib/bench/dataset';
import { formatScriptBytes, measureScriptBytes } from './lib/bench/js-bytes';
import { measure, warmUp } from './lib/bench/load';
import { machineFacts } from './lib/bench/machine';
import { combineRounds, formatTable, type PageResult, type Sample } from './lib/bench/report';
import { applyMigrations, seedFreshDatabase } from './lib/bench/seed-database';
import { startWranglerDev, type DevServer } from './lib/bench/servers';

/** What the coming edge cache treats as a bypass; today nothing is cached, so both modes match. */
const BYPASS_CACHE = { 'cache-control': 'no-cache' };

interface Settings {
  posts: number;
  rounds: number;
  seconds: number;
  connections: number;
  pages: string[] | null;
  reuseData: boolean;
  skipJs: boolean;
}

function readSettings(): Settings {
  const args = parseArgs(process.argv.slice(2), {
    values: ['posts', 'rounds', 'seconds', 'connections', 'pages'],
    flags: ['reuse-data', 'skip-js'],
  });
  const whole = (name: string, fallback: number, max: number): number => {
    const raw = args.values.get(name);
    const n = raw === undefined ? fallback : Number(raw);
    if (!Number.isInteger(n) || n < 1 || n > max) throw new CliError(`--${name} must be a whole number from 1 to ${max}.`);
    return n;
  };
  return {
    posts: whole('posts', 1000, 1_000_000),
    rounds: whole('rounds', 3, 20),
    seconds: whole('seconds', 5, 120),
    connections: whole('connections', 16, 256),
    pages: args.values.get('pages')?.split(',') ?? null,
    reuseData: args.flags.has('reuse-data'),
    skipJs: args.flags.has('skip-js'),
  };
}

interface Page {
  label: string;
  path: string;
}

async function pagesToMeasure(byline: DevServer): Promise<Page[]> {
  const list = (await (await fetch(`${byline.url}/api/posts`)).json()) as { items: { slug: string }[] };
  const slug = list.items[0]?.slug;
  if (slug === undefined) throw new CliError('GET /api/posts returned no post: the data set did not load.');
  const pages: Page[] = [
    { label: 'home', path: '/' },
    { label: 'post', path: `/details/${slug}` },
    { label: 'category', path: `/category/${categorySlug(0)}` },
    { label: 'tag', path: `/tag/${tagSlug(0)}` },
    { label: 'feed', path: '/rss.xml' },
    { label: 'search common', path: `/search?q=${COMMON_WORD}` },
    { label: 'search rare', path: `/search?q=${RARE_WORD}` },
    { label: 'api posts', path: '/api/posts' },
  ];
  return pages;
}

/** A page whose first answer takes longer than this is reported as too slow rather than loaded. */
const WARM_UP_LIMIT_MS = 90_000;

async function measurePage(page: Page, byline: DevServer, hello: DevServer, s: Settings): Promise<PageResult> {
  let status: number;
  try {
    status = await warmUp(byline.url + page.path, {}, WARM_UP_LIMIT_MS);
  } catch {
    console.log(`  ${page.label}: no answer within ${WARM_UP_LIMIT_MS / 1000} s, not loaded`);
    return { ...page, skipped: `no answer within ${WARM_UP_LIMIT_MS / 1000} s` };
  }
  if (status >= 400) console.log(`  note: ${page.path} answers ${status}`);
  await warmUp(hello.url + page.path);
  const load = { seconds: s.seconds, connections: s.connections };
  const rounds = { cached: [] as Sample[], uncached: [] as Sample[], hello: [] as Sample[] };
  for (let round = 1; round <= s.rounds; round++) {
    rounds.cached.push(await measure({ ...load, url: byline.url + page.path }));
    rounds.uncached.push(await measure({ ...load, url: byline.url + page.path, headers: BYPASS_CACHE }));
    rounds.hello.push(await measure({ ...load, url: hello.url + page.path }));
    const last = rounds.cached.at(-1)!;
    process.stdout.write(`  ${page.label}: round ${round}/${s.rounds} (${last.requestsPerSecond.toFixed(0)} req/s cached)\n`);
  }
  return {
    ...page,
    cached: combineRounds(rounds.cached),
    uncached: combineRounds(rounds.uncached),
    hello: combineRounds(rounds.hello),
  };
}

/**
 * The persist folder for a data-set size; a marker file says it was seeded completely, and with which
 * version of the data set (`--reuse-data` re-seeds a folder of another version, or of none).
 */
function prepareData(s: Settings): { persistTo: string; seeded: string } {
  const persistTo = path.join(PROJECT_ROOT, '.wrangler', 'bench', `posts-${s.posts}`);
  const marker = path.join(persistTo, 'seeded-at.txt');
  const versionLine = `data set version ${DATASET_VERSION}`;
  const [markedVersion, markedAt] = existsSync(marker) ? readFileSync(marker, 'utf8').split('\n') : [];
  if (s.reuseData && markedVersion === versionLine) {
    applyMigrations(persistTo); // a reused data set still gets the migrations added since
    return { persistTo, seeded: `reused, seeded ${markedAt?.trim() ?? ''}` };
  }
  if (s.reuseData) console.log(`--reuse-data: ${path.relative(PROJECT_ROOT, persistTo)} holds another data set version, seeding again.`);
  const started = performance.now();
  console.log(`Seeding ${s.posts} posts into ${path.relative(PROJECT_ROOT, persistTo)} …`);
  seedFreshDatabase(persistTo, s.posts, Date.now(), (line) => console.log(line));
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  writeFileSync(marker, `${versionLine}\n${new Date().toISOString()} in ${seconds} s\n`);
  return { persistTo, seeded: `fresh, seeded in ${seconds} s` };
}

async function main(): Promise<void> {
  const s = readSettings();
  const facts = machineFacts(); // before anything of ours loads the machine
  ensureDevVars(path.join(PROJECT_ROOT, '.dev.vars'));
  if (buildIfNeeded(console.log)) console.log('Built.');
  const { persistTo, seeded } = prepareData(s);

  const started: DevServer[] = [];
  const stopAll = async () => {
    await Promise.all(started.splice(0).map((server) => server.stop()));
  };
  const onSignal = () => void stopAll().then(() => process.exit(130));
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    console.log('Starting Byline and the hello Worker under wrangler dev …');
    const [byline, hello] = await Promise.all([
      startWranglerDev({ name: 'byline', args: ['--persist-to', persistTo], readyPath: '/api/posts' }),
      startWranglerDev({ name: 'hello', args: ['--config', path.join('scripts', 'bench', 'hello.wrangler.toml')] }),
    ]);
    started.push(byline, hello);

    const pages = await pagesToMeasure(byline);
    const chosen = s.pages === null ? pages : pages.filter((p) => s.pages!.some((name) => p.label.startsWith(name)));
    const results: PageResult[] = [];
    for (const page of chosen) results.push(await measurePage(page, byline, hello, s));
    const scripts = s.skipJs ? [] : await measureScriptBytes(byline.url, ['/', pages[1]!.path]);

    const d = summarize(s.posts);
    console.log('\n' + '='.repeat(100));
    console.log('Byline benchmark');
    for (const line of facts) console.log(line);
    console.log(
      `data:     ${d.posts} posts of ~${d.wordsPerPost} words (${d.visible} visible, ${d.drafts} drafts, ${d.scheduled} scheduled), ` +
        `${d.categories} categories, ${d.tags} tags (${d.postTags} post tags), ${d.authors} authors, ${d.featured} featured; ` +
        `data set v${DATASET_VERSION}, ${seeded}`,
    );
    console.log(`load:     autocannon, ${s.connections} connections, ${s.rounds} rounds × ${s.seconds} s per mode; medians of the rounds`);
    console.log(`modes:    cached = plain GET after a warm-up; uncached = "Cache-Control: no-cache" (a cache bypass); hello = the hello Worker, same rounds`);
    console.log(`servers:  Byline ${byline.url}, hello ${hello.url} (wrangler dev, loopback)\n`);
    console.log(formatTable(results));
    if (scripts.length > 0) {
      console.log('\nJavaScript a first visit downloads:');
      for (const line of scripts) console.log(formatScriptBytes(line));
    }
  } finally {
    await stopAll();
  }
}

runCli(main);
