// Test files share one runtime; each starts from the migrated database (docs/decisions/070).
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createCategory, createPost, createUser } from './factories';
import { freshDatabase } from './fresh-database';

const one = async <T>(sql: string) => (await env.DB.prepare(sql).first<T>())!;

describe('the database a test file starts from', () => {
  it('has no rows a test wrote, the migrations own rows back, the search index empty and a new content generation', async () => {
    const [title, generation] = [await one<{ title: string }>('SELECT title FROM settings'), await one<{ generation: number }>('SELECT generation FROM site_state')];
    const author = await createUser();
    await createPost(author, await createCategory(), { title: 'Left behind by an earlier file' });
    await env.DB.prepare("UPDATE settings SET title = 'Changed by an earlier file'").run();

    await freshDatabase(env.DB, env.TEST_MIGRATIONS);

    expect(await one<{ n: number }>('SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM posts) + (SELECT count(*) FROM categories) AS n')).toEqual({ n: 0 });
    expect(await one<{ n: number }>("SELECT count(*) AS n FROM posts_fts WHERE posts_fts MATCH 'behind'")).toEqual({ n: 0 });
    expect(await one<{ title: string }>('SELECT title FROM settings')).toEqual(title);
    expect((await one<{ generation: number }>('SELECT generation FROM site_state')).generation).not.toBe(generation.generation);
  });
});
