// The benchmark's data set (v4 onwards; scripts/lib/bench/dataset*.ts): comments, images, pages, menus and search words, written as SQL.
import { describe, expect, it } from 'vitest';
import { NavigationInputSchema } from '../../contracts/navigation';
import { isStoredMedia } from '../../contracts/responsive-images';
import { contentTypeOfKey } from '../../worker/lib/image-sniff';
import { MARKDOWN_RULES_VERSION } from '../../worker/lib/markdown';
import { postState, postsSql, RARE_WORD, rareWordPosts, SEARCH_PHRASE, summarize } from '../../scripts/lib/bench/dataset';
import { APPROVED_COMMENT_MARK, commentsOf, commentsSql, countComments, HIDDEN_COMMENT_MARK, newestVisiblePost, THREAD_APPROVED } from '../../scripts/lib/bench/dataset-comments';
import { bodyImageOf, coverOf, IMAGE_COUNT, imageKey, mediaSql, readBenchImages } from '../../scripts/lib/bench/dataset-media';
import { HEADER_MENU, menusSql, PAGE_COUNT, pagesSql } from '../../scripts/lib/bench/dataset-pages';

const NOW = Date.UTC(2026, 10, 1);

describe('bench data set v4: comments', () => {
  it.each([1000, 100000])('gives the newest visible post of %i a thread of 50 approved comments with replies, and some held and spam', (posts) => {
    const n = newestVisiblePost(posts);
    expect(postState(n)).toBe('visible');
    const planned = commentsOf(n, posts);
    const approved = planned.filter((c) => c.status === 'approved');
    expect(approved).toHaveLength(THREAD_APPROVED);
    expect(approved.filter((c) => c.replyTo !== null).length).toBeGreaterThanOrEqual(5);
    for (const c of approved) if (c.replyTo !== null) expect(planned[c.replyTo]).toEqual({ status: 'approved', replyTo: null });
    expect(planned.filter((c) => c.status === 'pending').length).toBeGreaterThan(0);
    expect(planned.filter((c) => c.status === 'spam').length).toBeGreaterThan(0);
  });

  it('gives most visible posts a few approved comments and drafts or scheduled posts none', () => {
    const visible = Array.from({ length: 1000 }, (_, i) => i + 1).filter((n) => postState(n) === 'visible');
    const commented = visible.filter((n) => commentsOf(n, 1000).some((c) => c.status === 'approved'));
    expect(commented.length / visible.length).toBeGreaterThan(0.7);
    for (const n of visible) if (n !== newestVisiblePost(1000)) expect(commentsOf(n, 1000).length).toBeLessThanOrEqual(5);
    for (let n = 1; n <= 1000; n++) if (postState(n) !== 'visible') expect(commentsOf(n, 1000)).toEqual([]);
    const counts = countComments(1000);
    expect(counts.approved).toBeGreaterThan(1000);
    expect(counts.pending + counts.spam).toBeGreaterThan(50);
  });

  it('writes comments with consecutive ids from firstId, replies naming a comment of the same post, only hidden ones saying the hidden mark', () => {
    const { sql, nextId } = commentsSql(990, 1000, { posts: 1000, now: NOW, firstId: 500 });
    // A row starts with its ids and ends with its status; a comment's HTML may hold a line break.
    const rows = sql.split(/^(?=\(\d+, \d+, )/m).slice(1).map((row) => ({
      text: row,
      ids: /^\((\d+), (\d+), (NULL|\d+), /.exec(row)!.slice(1),
      status: /'(approved|pending|spam)', \d+, \d+\)[,;]\s*$/.exec(row)![1],
    }));
    const expected = Array.from({ length: 11 }, (_, i) => commentsOf(990 + i, 1000).length).reduce((a, b) => a + b, 0);
    expect(rows).toHaveLength(expected);
    expect(rows.map((r) => Number(r.ids[0]))).toEqual(Array.from({ length: expected }, (_, i) => 500 + i));
    expect(nextId).toBe(500 + expected);
    const postOf = new Map(rows.map((r) => [r.ids[0], r.ids[1]]));
    for (const r of rows) if (r.ids[2] !== 'NULL') expect(postOf.get(r.ids[2]!)).toBe(r.ids[1]);
    for (const r of rows) {
      const hidden = r.status !== 'approved';
      expect(r.text.includes(HIDDEN_COMMENT_MARK)).toBe(hidden);
      expect(r.text.split(APPROVED_COMMENT_MARK).length - 1).toBe(hidden ? 0 : 2); // the body and its HTML
    }
  });
});

describe('bench data set v4: images', () => {
  it('stores real images under keys the upload route could have made, with their dimensions', () => {
    const images = readBenchImages();
    expect(images).toHaveLength(IMAGE_COUNT);
    for (const [i, { key, image }] of images.entries()) {
      expect(key).toBe(imageKey(i));
      expect(contentTypeOfKey(key)).toBe('image/png');
      expect(image.kind.contentType).toBe('image/png');
      expect([image.width, image.height]).toEqual([1200, 630]);
    }
    const sql = mediaSql(images, NOW);
    for (const { key, image } of images) expect(sql).toContain(`'${key}', 1, 'image/png', ${image.bytes.byteLength}, 1200, 630`);
  });

  it('gives three posts in four a cover and odd posts a body image, the measured post both at 1000 and 100,000 posts', () => {
    expect([1, 2, 3, 4].map(coverOf).filter((c) => c !== null)).toHaveLength(3);
    for (const posts of [1000, 100000]) {
      const n = newestVisiblePost(posts);
      expect(isStoredMedia(coverOf(n)!)).toBe(true);
      expect(isStoredMedia(bodyImageOf(n)!)).toBe(true);
    }
    const sql = postsSql(1, 4, { posts: 4, now: NOW });
    expect(sql).toContain(`'${coverOf(1)}', 'A pattern of shapes'`);
    expect(sql).toContain(`](${bodyImageOf(1)})`);
    expect(sql).not.toContain(`](${bodyImageOf(2) ?? 'none'})`);
    expect(summarize(1000)).toMatchObject({ covers: 750, bodyImages: 500, images: IMAGE_COUNT });
  });

  it("stores each post's HTML as the write path does (current Markdown rules, the body image's size), so no read renders it", () => {
    const sizes = new Map([[bodyImageOf(1)!.replace('/media/', ''), { width: 1200, height: 630 }]]);
    const sql = postsSql(1, 1, { posts: 1, now: NOW, imageSizes: sizes });
    expect(sql).toMatch(/'<p>[^']*<img[^']*width="1200" height="630"/);
    expect(sql).toContain(`', ${MARKDOWN_RULES_VERSION}, '${coverOf(1)}'`);
  });

  const holdsRareWord = (n: number, posts: number) => postsSql(n, n, { posts, now: NOW }).includes(RARE_WORD);

  it('puts the rare word in exactly 24 visible posts at 1000 posts: two result pages of 12', () => {
    const hits = Array.from({ length: 1000 }, (_, i) => i + 1).filter((n) => holdsRareWord(n, 1000));
    expect(hits).toHaveLength(24);
    expect(hits.every((n) => postState(n) === 'visible')).toBe(true);
    expect(hits).toEqual([...rareWordPosts(1000)].sort((a, b) => a - b));
  });

  it('puts the rare word in exactly 24 visible posts at 100,000 posts too, spread evenly over the ids', () => {
    const chosen = [...rareWordPosts(100000)].sort((a, b) => a - b);
    expect(chosen).toHaveLength(24);
    for (const n of chosen) {
      expect(postState(n)).toBe('visible');
      expect(holdsRareWord(n, 100000)).toBe(true);
    }
    const gaps = chosen.slice(1).map((n, i) => n - chosen[i]!);
    for (const gap of gaps) expect(Math.abs(gap - 100000 / 24)).toBeLessThan(10);
    // The generator asks rareWordPosts and nothing else: its neighbours, and every 997th post, do not hold the word.
    const others = [...chosen.flatMap((n) => [n - 1, n + 1]), ...Array.from({ length: 100 }, (_, i) => 1 + i * 997)].filter((n) => !chosen.includes(n));
    for (const n of others) expect(holdsRareWord(n, 100000)).toBe(false);
  });

  it('puts the search phrase, two words side by side, in one post of twenty', () => {
    const phrase = SEARCH_PHRASE.join(' ');
    const hits = Array.from({ length: 40 }, (_, i) => i + 1).filter((n) => postsSql(n, n, { posts: 40, now: NOW }).toLowerCase().includes(phrase));
    expect(hits.length).toBeGreaterThanOrEqual(2);
    expect(hits).toEqual(expect.arrayContaining([3, 23]));
  });
});

describe('bench data set v4: pages and menus', () => {
  it('writes the pages, the first with a sized image, and menus the navigation API would accept', () => {
    const sql = pagesSql(readBenchImages(), NOW);
    expect(sql.match(/^INSERT INTO pages/gm)).toHaveLength(PAGE_COUNT);
    expect(sql).toMatch(new RegExp(`<img src="/media/${imageKey(0)}"[^>]* width="1200" height="630"`));
    const menus = Object.fromEntries([...menusSql().matchAll(/VALUES \('(\w+)', '(.*)'\);/g)].map((m) => [m[1], JSON.parse(m[2]!)]));
    expect(NavigationInputSchema.safeParse(menus).success).toBe(true);
    expect(menus.header).toEqual(HEADER_MENU);
  });
});
