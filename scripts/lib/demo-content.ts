// Reads the demo content of demo/ (README there) and checks it with the rules the API applies, so a
// mistake in a file stops the seed before it writes anything.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { CategoryInputSchema } from '../../contracts/categories';
import { CoverAltSchema, CoverImageSchema, PostExcerptSchema } from '../../contracts/posts';
import { SettingsPatchSchema, type SettingsPatch } from '../../contracts/settings';
import { SlugSchema } from '../../contracts/slug';
import { BioSchema, RegisterInputSchema, ROLE_ADMIN, ROLE_AUTHOR, type Role } from '../../contracts/users';
import { slugify } from '../../worker/lib/slug';
import { CliError, PROJECT_ROOT } from './d1-local';

const DEMO_DIR = path.join(PROJECT_ROOT, 'demo');

/** An account: the sign-up form's fields under its rules (safeExtend keeps them all), plus a role and a bio. */
const DemoUserSchema = RegisterInputSchema.safeExtend({
  role: z.enum(['admin', 'author']).transform((r): Role => (r === 'admin' ? ROLE_ADMIN : ROLE_AUTHOR)),
  bio: BioSchema.default(''),
});
export type DemoUser = z.output<typeof DemoUserSchema>;

type DemoCategory = z.output<typeof CategoryInputSchema>;

const frontMatterFields = {
  title: z.string(),
  /** A username from users.yaml: the post is written by that account. */
  author: z.string(),
  /** A category slug (made from its name in categories.yaml). */
  category: z.string(),
  excerpt: PostExcerptSchema.optional(),
  /** An https:// address, or `media/<file>`: an image of demo/media, uploaded by the seed. */
  cover: z.string().optional(),
  /** What the cover shows, for readers who cannot see it; required with a cover ('' only for a decorative one). */
  coverAlt: CoverAltSchema.optional(),
  /** Tag names, in order (created on first use, as the editor does). */
  tags: z.array(z.string()).optional(),
};

/** When a post appears, in days from the moment the seed runs, so the site always looks recently active. */
const PostFrontMatterSchema = z.discriminatedUnion('status', [
  z.strictObject({
    ...frontMatterFields,
    status: z.literal('published'),
    daysAgo: z.number().min(0),
    /** Place in the home page's featured list, 1 first. */
    featured: z.number().int().min(1).optional(),
  }),
  z.strictObject({ ...frontMatterFields, status: z.literal('scheduled'), daysAhead: z.number().positive() }),
  z.strictObject({ ...frontMatterFields, status: z.literal('draft'), daysAgo: z.number().min(0) }),
]);
export type DemoPost = z.output<typeof PostFrontMatterSchema> & { file: string; slug: string; body: string };

export interface DemoContent {
  users: DemoUser[];
  categories: DemoCategory[];
  posts: DemoPost[];
  /** settings.yaml: what the seed changes of the new site's settings. */
  settings: SettingsPatch;
}

/** A cover that is an image of demo/media (`media/<file>`), uploaded by the seed, rather than an address. */
export const DEMO_MEDIA_COVER = /^media\/[a-z0-9-]+\.(png|jpg|webp|gif|avif)$/;

/** The bytes of a `media/<file>` cover. */
export const readDemoMedia = (cover: string, dir = DEMO_DIR): Uint8Array => new Uint8Array(readFileSync(path.join(dir, cover)));

/** What is wrong with a post's cover and its alt text, if anything. */
function coverProblem(p: DemoPost, dir: string): string | null {
  if (p.cover === undefined) return p.coverAlt === undefined ? null : 'coverAlt without a cover';
  if (DEMO_MEDIA_COVER.test(p.cover)) {
    if (!existsSync(path.join(dir, p.cover))) return `cover ${p.cover} is not in demo/media`;
  } else if (!CoverImageSchema.safeParse(p.cover).success) return `cover must be an https:// address or media/<file> (got ${p.cover})`;
  return p.coverAlt === undefined ? 'a cover needs coverAlt: what the image shows' : null;
}

function problemsOf(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`).join('; ');
}

function readYaml(file: string): unknown {
  try {
    return parseYaml(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new CliError(`${path.relative(PROJECT_ROOT, file)}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

function parseList<S extends z.ZodType>(file: string, schema: S): z.output<S>[] {
  const list = readYaml(file);
  if (!Array.isArray(list)) throw new CliError(`${path.relative(PROJECT_ROOT, file)}: expected a list`);
  return list.map((item, i) => {
    const r = schema.safeParse(item);
    if (!r.success) throw new CliError(`${path.relative(PROJECT_ROOT, file)}, entry ${i + 1}: ${problemsOf(r.error)}`);
    return r.data;
  });
}

/** `---\n<YAML>\n---\n<Markdown>`: the front matter and the body, trimmed. */
function splitFrontMatter(text: string): { data: string; body: string } | null {
  const m = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)([\s\S]*)$/.exec(text);
  return m ? { data: m[1] ?? '', body: (m[2] ?? '').trim() } : null;
}

function readPost(dir: string, file: string): DemoPost {
  const where = `demo/posts/${file}`;
  const parts = splitFrontMatter(readFileSync(path.join(dir, file), 'utf8'));
  if (!parts) throw new CliError(`${where}: must start with front matter between two "---" lines`);
  let data: unknown;
  try {
    data = parseYaml(parts.data);
  } catch (err) {
    throw new CliError(`${where}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const r = PostFrontMatterSchema.safeParse(data);
  if (!r.success) throw new CliError(`${where}: ${problemsOf(r.error)}`);
  const slug = SlugSchema.safeParse(file.replace(/\.md$/, ''));
  if (!slug.success) throw new CliError(`${where}: the file name is the post's slug: ${problemsOf(slug.error)}`);
  return { ...r.data, file: where, slug: slug.data, body: parts.body };
}

/** The whole demo content, checked: known authors and categories (by the slug the write will make), featured places used once. */
export function readDemoContent(dir = DEMO_DIR): DemoContent {
  const users = parseList(path.join(dir, 'users.yaml'), DemoUserSchema);
  const categories = parseList(path.join(dir, 'categories.yaml'), CategoryInputSchema);
  const settingsFile = path.join(dir, 'settings.yaml');
  const parsedSettings = SettingsPatchSchema.safeParse(readYaml(settingsFile));
  if (!parsedSettings.success) throw new CliError(`${path.relative(PROJECT_ROOT, settingsFile)}: ${problemsOf(parsedSettings.error)}`);
  const settings = parsedSettings.data;
  const postDir = path.join(dir, 'posts');
  const posts = readdirSync(postDir)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => readPost(postDir, f));

  const problems: string[] = [];
  if (!users.some((u) => u.role === ROLE_ADMIN)) problems.push('users.yaml: no admin');
  const usernames = new Set(users.map((u) => u.username));
  const categorySlugs = new Set(categories.map((c) => c.slug ?? slugify(c.name)));
  const places = new Map<number, string>();
  if (settings.defaultCategory && !categorySlugs.has(settings.defaultCategory)) {
    problems.push(`settings.yaml: defaultCategory "${settings.defaultCategory}" is not in categories.yaml`);
  }
  for (const p of posts) {
    if (!usernames.has(p.author)) problems.push(`${p.file}: author "${p.author}" is not in users.yaml`);
    if (!categorySlugs.has(p.category)) problems.push(`${p.file}: category "${p.category}" is not in categories.yaml`);
    const cover = coverProblem(p, dir);
    if (cover) problems.push(`${p.file}: ${cover}`);
    if (p.status === 'published' && p.featured !== undefined) {
      const other = places.get(p.featured);
      if (other) problems.push(`${p.file}: featured place ${p.featured} is taken by ${other}`);
      places.set(p.featured, p.file);
    }
  }
  if (problems.length > 0) throw new CliError(`The demo content is invalid:\n  ${problems.join('\n  ')}`);
  return { users, categories, posts, settings };
}
