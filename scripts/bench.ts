// npm run bench: one command that builds Byline if needed, seeds a fixed data set into a fresh local
// D1 for each size asked for, starts one Byline per size, a hello-world Worker and the same-bytes stand-in
// (decision 076) under `wrangler dev` on loopback, loads each public page with autocannon (per size: Byline
// cached, uncached, uncached with one connection; then the stand-in in the same modes, answering the bytes
// the first Byline answered; then hello; alternating in rounds), prints the table and the JavaScript a
// first visit downloads, and stops everything it started.
//
//   npm run bench [-- --posts 1000[,100000]] [--rounds 3] [--seconds 5] [--connections 16]
//                    [--pages home,post] [--modes cached,uncached,uncached-1conn] [--reuse-data] [--skip-js]
import './lib/node-22.mjs';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureDevVars } from './lib/dev-vars.mjs';
import { CliError, PROJECT_ROOT, runCli } from './lib/d1-local';
import { buildIfNeeded } from './lib/bench/build';
import { DATASET_VERSION, RARE_WORD, rareWordPosts, summarize } from './lib/bench/dataset';
import { countComments, THREAD_APPROVED } from './lib/bench/dataset-comments';
import { PAGE_COUNT } from './lib/bench/dataset-pages';
import { answerProblem, benchPages, choosePages, type BenchPage } from './lib/bench/pages';
import { formatScriptBytes, measureScriptBytes } from './lib/bench/js-bytes';
import { measure, warmUp } from './lib/bench/load';
import { machineFacts } from './lib/bench/machine';
import { combineRounds, formatTable, type Mode, type PageResult, type Sample, type SizeResult } from './lib/bench/report';
import { applyMigrations, seedFreshDatabase } from './lib/bench/seed-database';
import { readSettings, type Settings } from './lib/bench/settings';
import { captureAnswer, startStandIn, type StandIn } from './lib/bench/replay';
import { startWranglerDev, type DevServer } from './lib/bench/servers';

/** What the edge cache treats as a bypass (docs/decisions/009-edge-cache.md). */
const BYPASS_CACHE = { 'cache-control': 'no-cache' };

/** The pages of one Byline: its data set's newest visible post is the one read (it has the long comment thread). */
async function pagesOf(byline: DevServer, posts: number): Promise<BenchPage[]> {
  const list = (await (await fetch(`${byline.url}/api/posts`)).json()) as { items: { slug: string }[] };
  const slug = list.items[0]?.slug;
  if (slug === undefined) throw new CliError('GET /api/posts returned no post: the data set did not load.');
  return benchPages(posts, slug);
}

/** Every chosen page of every site answers what it must, or the run stops before measuring anything. */
async function checkPages(sites: Site[], labels: readonly string[]): Promise<void> {
  const problems: string[] = [];
  for (const site of sites) {
    for (const page of site.pages.filter((p) => labels.includes(p.label))) {
      const res = await fetch(site.server.url + page.path, { headers: page.headers, signal: AbortSignal.timeout(WARM_UP_LIMIT_MS) });
      const answer = { status: res.status, contentType: res.headers.get('content-type') ?? '', body: await res.text() };
      const problem = answerProblem(page, answer);
      if (problem !== null) problems.push(`${page.label} (${page.path}) at ${site.posts} posts ${problem}`);
    }
  }
  if (problems.length > 0) throw new CliError(`Pages that do not answer what they must (nothing was measured):\n  ${problems.join('\n  ')}`);
}

/** A page whose first answer takes longer than this is reported as too slow rather than loaded. */
const WARM_UP_LIMIT_MS = 90_000;

interface Site {
  posts: number;
  server: DevServer;
  pages: BenchPage[];
}

/** The load of each mode: a plain GET (cache hit after the warm-up), a cache bypass, a bypass alone. */
function loadOf(mode: Mode, s: Settings, page: BenchPage): { connections: number; headers?: Record<string, string> } {
  if (mode === 'cached') return { connections: s.connections, headers: page.headers };
  return { connections: mode === 'uncached' ? s.connections : 1, headers: { ...page.headers, ...BYPASS_CACHE } };
}

/** What Byline is compared with: the cheapest Worker, and one answering Byline's own bytes (decision 076). */
interface Baselines {
  hello: DevServer;
  standIn: StandIn;
}

async function measurePage(label: string, sites: Site[], { hello, standIn }: Baselines, s: Settings): Promise<PageResult> {
  const live: { site: Site; page: BenchPage; rounds: Record<Mode, Sample[]> }[] = [];
  const skipped: SizeResult[] = [];
  for (const site of sites) {
    const page = site.pages.find((p) => p.label === label)!;
    const path = page.path;
    try {
      const status = await warmUp(site.server.url + path, page.headers, WARM_UP_LIMIT_MS);
      if (status >= 400) console.log(`  note: ${path} answers ${status} at ${site.posts} posts`);
      live.push({ site, page, rounds: { cached: [], uncached: [], 'uncached, 1 conn': [] } });
    } catch (error) {
      console.log(`  ${label} at ${site.posts} posts: no answer within ${WARM_UP_LIMIT_MS / 1000} s, not loaded (${String(error)})`);
      const ended = site.server.ended();
      if (ended) console.log(`  ${ended}`);
      skipped.push({ posts: site.posts, path, skipped: `no answer within ${WARM_UP_LIMIT_MS / 1000} s` });
    }
  }
  const helloPage = sites[0]!.pages.find((p) => p.label === label)!;
  await warmUp(hello.url + helloPage.path, helloPage.headers);
  const hellos: Sample[] = [];
  // The stand-in answers what the first Byline measured answered to a plain GET after its warm-up.
  const copied = live[0];
  if (copied) await standIn.serve(copied.page.path, await captureAnswer(copied.site.server.url + copied.page.path, copied.page.headers), copied.page.headers);
  const sameBytes: Record<Mode, Sample[]> = { cached: [], uncached: [], 'uncached, 1 conn': [] };
  for (let round = 1; round <= s.rounds; round++) {
    for (const { site, page, rounds } of live) {
      for (const mode of s.modes) {
        rounds[mode].push(await measure({ ...loadOf(mode, s, page), seconds: s.seconds, url: site.server.url + page.path }));
        const ended = site.server.ended();
        if (ended) console.log(`  ${label} at ${site.posts} posts, ${mode}: ${ended}`);
      }
    }
    for (const mode of copied ? s.modes : []) {
      sameBytes[mode].push(await measure({ ...loadOf(mode, s, copied!.page), seconds: s.seconds, url: standIn.server.url + copied!.page.path }));
    }
    hellos.push(await measure({ seconds: s.seconds, connections: s.connections, headers: helloPage.headers, url: hello.url + helloPage.path }));
    process.stdout.write(`  ${label}: round ${round}/${s.rounds}\n`);
  }
  const measured: SizeResult[] = live.map(({ site, page, rounds }) => ({
    posts: site.posts,
    path: page.path,
    samples: Object.fromEntries(s.modes.map((mode) => [mode, combineRounds(rounds[mode])])),
  }));
  const sizes = [...measured, ...skipped].sort((a, b) => a.posts - b.posts);
  const standInResult = copied ? { sameBytes: Object.fromEntries(s.modes.map((mode) => [mode, combineRounds(sameBytes[mode])])) } : {};
  return { label, sizes, hello: combineRounds(hellos), ...standInResult };
}

type Stoppable = { stop: () => Promise<void> };

/** Waits for every server to start; each that did is in `started` (to be stopped) even when another failed. */
async function startAll(started: Stoppable[], starting: Promise<Stoppable>[]): Promise<void> {
  const settled = await Promise.allSettled(starting);
  for (const result of settled) if (result.status === 'fulfilled') started.push(result.value);
  const failed = settled.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * The persist folder for a data-set size; a marker file says it was seeded completely, and with which
 * version of the data set (`--reuse-data` re-seeds a folder of another version, or of none).
 */
async function prepareData(posts: number, s: Settings): Promise<{ persistTo: string; seeded: string }> {
  const persistTo = path.join(PROJECT_ROOT, '.wrangler', 'bench', `posts-${posts}`);
  const marker = path.join(persistTo, 'seeded-at.txt');
  const versionLine = `data set version ${DATASET_VERSION}`;
  const [markedVersion, markedAt] = existsSync(marker) ? readFileSync(marker, 'utf8').split('\n') : [];
  if (s.reuseData && markedVersion === versionLine) {
    applyMigrations(persistTo); // a reused data set still gets the migrations added since
    return { persistTo, seeded: `reused, seeded ${markedAt?.trim() ?? ''}` };
  }
  if (s.reuseData) console.log(`--reuse-data: ${path.relative(PROJECT_ROOT, persistTo)} holds another data set version, seeding again.`);
  const started = performance.now();
  console.log(`Seeding ${posts} posts into ${path.relative(PROJECT_ROOT, persistTo)} …`);
  await seedFreshDatabase(persistTo, posts, Date.now(), (line) => console.log(line));
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  writeFileSync(marker, `${versionLine}\n${new Date().toISOString()} in ${seconds} s\n`);
  return { persistTo, seeded: `fresh, seeded in ${seconds} s` };
}

async function main(): Promise<void> {
  const s = readSettings(process.argv.slice(2));
  const facts = machineFacts(); // before anything of ours loads the machine
  ensureDevVars(path.join(PROJECT_ROOT, '.dev.vars'));
  if (buildIfNeeded(console.log)) console.log('Built.');
  const data: { posts: number; persistTo: string; seeded: string }[] = [];
  for (const posts of s.posts) data.push({ posts, ...(await prepareData(posts, s)) });

  const started: Stoppable[] = [];
  const stopAll = async () => {
    await Promise.all(started.splice(0).map((server) => server.stop()));
  };
  const onSignal = () => void stopAll().then(() => process.exit(130));
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    console.log(`Starting ${s.posts.length === 1 ? 'Byline' : `${s.posts.length} Bylines`}, the hello Worker and the same-bytes stand-in under wrangler dev …`);
    const standInStarting = startStandIn();
    const serversStarting = [
      startWranglerDev({ name: 'hello', args: ['--config', path.join('scripts', 'bench', 'hello.wrangler.toml')] }),
      ...data.map((d) => startWranglerDev({ name: `byline-${d.posts}`, args: ['--persist-to', d.persistTo], readyPath: '/api/posts' })),
    ];
    await startAll(started, [standInStarting, ...serversStarting]);
    const [standIn, servers] = [await standInStarting, await Promise.all(serversStarting)];
    const [hello, ...bylines] = servers as [DevServer, ...DevServer[]];
    const sites: Site[] = [];
    for (const [i, server] of bylines.entries()) sites.push({ posts: s.posts[i]!, server, pages: await pagesOf(server, s.posts[i]!) });

    const chosen = choosePages(sites[0]!.pages, s.pages).map((p) => p.label);
    await checkPages(sites, chosen);
    const results: PageResult[] = [];
    for (const label of chosen) results.push(await measurePage(label, sites, { hello, standIn }, s));
    const first = sites[0]!;
    const scripts = s.skipJs ? [] : await measureScriptBytes(first.server.url, ['/', first.pages[1]!.path]);

    console.log('\n' + '='.repeat(100));
    console.log('Byline benchmark');
    for (const line of facts) console.log(line);
    for (const d of data) {
      const sum = summarize(d.posts);
      console.log(
        `data:     ${sum.posts} posts of ~${sum.wordsPerPost} words (${sum.visible} visible, ${sum.drafts} drafts, ${sum.scheduled} scheduled), ` +
          `${sum.categories} categories, ${sum.tags} tags (${sum.postTags} post tags), ${sum.authors} authors, ${sum.featured} featured; ` +
          `data set v${DATASET_VERSION}, ${d.seeded}`,
      );
      const comments = countComments(d.posts);
      console.log(
        `          ${comments.approved} approved comments (${THREAD_APPROVED} on the post measured), ${comments.pending} held, ${comments.spam} spam; ` +
          `${sum.covers} covers and ${sum.bodyImages} body images of ${sum.images} stored PNGs; ${PAGE_COUNT} pages, header and footer menus; ` +
            `"${RARE_WORD}" in ${rareWordPosts(d.posts).size} posts`,
      );
    }
    console.log(`load:     autocannon, ${s.connections} connections (1 for "uncached, 1 conn"), ${s.rounds} rounds × ${s.seconds} s per mode (${s.modes.join('; ')}); medians of the rounds`);
    console.log(`modes:    cached = plain GET after a warm-up; uncached = "Cache-Control: no-cache" (a cache bypass); hello = the hello Worker, same rounds`);
    console.log(
      `stand-in: same bytes = a Worker behind Byline's [assets] config answering each page with the status, headers and body the first Byline ` +
        `answered (uncached: after one D1 round trip, SELECT 1), same modes and rounds; "vs same bytes" = Byline's req/s as a share of it (decision 076)`,
    );
    console.log(
      `servers:  ${sites.map((site) => `Byline ${site.posts} ${site.server.url}`).join(', ')}, same bytes ${standIn.server.url}, hello ${hello.url} (wrangler dev, loopback)\n`,
    );
    console.log(formatTable(results));
    if (scripts.length > 0) {
      console.log(`\nJavaScript a first visit downloads (${first.posts} posts):`);
      for (const line of scripts) console.log(formatScriptBytes(line));
    }
  } finally {
    await stopAll();
  }
}

runCli(main);
