// Reads the demo content of demo/ (README there) and checks it with the rules the API applies, so a
// mistake in a file stops the seed before it writes anything.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { CategoryInputSchema } from '../../contracts/categories';
import { PostExcerptSchema } from '../../contracts/posts';
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
  cover: z.string().optional(),
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
  for (const p of posts) {
    if (!usernames.has(p.author)) problems.push(`${p.file}: author "${p.author}" is not in users.yaml`);
    if (!categorySlugs.has(p.category)) problems.push(`${p.file}: category "${p.category}" is not in categories.yaml`);
    if (p.status === 'published' && p.featured !== undefined) {
      const other = places.get(p.featured);
      if (other) problems.push(`${p.file}: featured place ${p.featured} is taken by ${other}`);
      places.set(p.featured, p.file);
    }
  }
  if (problems.length > 0) throw new CliError(`The demo content is invalid:\n  ${problems.join('\n  ')}`);
  return { users, categories, posts };
}
