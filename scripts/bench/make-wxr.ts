// Writes a WordPress export (WXR 1.2) of N posts (default 1000, ~4 KB of block HTML each, so ~4 MB) for
// measuring the import:  npx tsx scripts/bench/make-wxr.ts [N] > big.xml && npm run import -- big.xml
import { readArgs } from '../lib/cli-args';
import { CliError, runCli } from '../lib/d1-local';

const words = 'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua'.split(' ');
const sentence = (i: number, n: number) => Array.from({ length: n }, (_, k) => words[(i * 7 + k * 3) % words.length]).join(' ');
const pad = (n: number) => String(n).padStart(2, '0');

/** N from the command line: at most one word, a whole number of posts. */
function postCount(): number {
  const n = Number(readArgs(process.argv.slice(2), {}, 1).positionals[0] ?? 1000);
  if (!Number.isInteger(n) || n < 1) throw new CliError('N must be a whole number of posts, e.g. 1000.');
  return n;
}

function writeWxr(count: number): void {
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8" ?>',
    '<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wfw="http://wellformedweb.org/CommentAPI/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">',
    '<channel><title>Bench</title><link>https://bench.example.test</link><wp:wxr_version>1.2</wp:wxr_version>',
  ];
  for (const a of ['alice', 'bruno']) {
    out.push(`<wp:author><wp:author_id>1</wp:author_id><wp:author_login><![CDATA[${a}]]></wp:author_login><wp:author_email><![CDATA[${a}@bench.example.test]]></wp:author_email><wp:author_display_name><![CDATA[${a}]]></wp:author_display_name></wp:author>`);
  }
  for (let c = 0; c < 8; c++) out.push(`<wp:category><wp:category_nicename><![CDATA[topic-${c}]]></wp:category_nicename><wp:cat_name><![CDATA[Topic ${c}]]></wp:cat_name></wp:category>`);
  for (let t = 0; t < 30; t++) out.push(`<wp:tag><wp:tag_slug><![CDATA[tag-${t}]]></wp:tag_slug><wp:tag_name><![CDATA[Tag ${t}]]></wp:tag_name></wp:tag>`);
  for (let i = 0; i < count; i++) {
    const day = new Date(Date.UTC(2020, 0, 1) + i * 86_400_000);
    const date = `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())} 09:00:00`;
    const blocks: string[] = [];
    for (let p = 0; p < 10; p++) {
      if (p === 3) blocks.push(`<!-- wp:heading -->\n<h2 class="wp-block-heading">${sentence(i + p, 4)}</h2>\n<!-- /wp:heading -->`);
      if (p === 6) blocks.push('<!-- wp:list -->\n<ul><li>one item</li><li>another <a href="https://example.com">item</a></li></ul>\n<!-- /wp:list -->');
      blocks.push(`<!-- wp:paragraph -->\n<p>${sentence(i + p, 50)} <strong>${sentence(i, 3)}</strong>.</p>\n<!-- /wp:paragraph -->`);
    }
    out.push(`<item><title><![CDATA[Post number ${i + 1}: ${sentence(i, 4)}]]></title><dc:creator><![CDATA[${i % 2 ? 'bruno' : 'alice'}]]></dc:creator>
<content:encoded><![CDATA[${blocks.join('\n\n')}]]></content:encoded><excerpt:encoded><![CDATA[]]></excerpt:encoded>
<wp:post_id>${i + 100}</wp:post_id><wp:post_date_gmt><![CDATA[${date}]]></wp:post_date_gmt><wp:post_modified_gmt><![CDATA[${date}]]></wp:post_modified_gmt>
<wp:post_name><![CDATA[bench-post-${i + 1}]]></wp:post_name><wp:status><![CDATA[${i % 10 === 9 ? 'draft' : 'publish'}]]></wp:status><wp:post_type><![CDATA[post]]></wp:post_type><wp:is_sticky>${i < 3 ? 1 : 0}</wp:is_sticky>
<category domain="category" nicename="topic-${i % 8}"><![CDATA[Topic ${i % 8}]]></category><category domain="post_tag" nicename="tag-${i % 30}"><![CDATA[Tag ${i % 30}]]></category><category domain="post_tag" nicename="tag-${(i + 7) % 30}"><![CDATA[Tag ${(i + 7) % 30}]]></category></item>`);
  }
  out.push('</channel></rss>');
  process.stdout.write(out.join('\n') + '\n');
}

runCli(async () => writeWxr(postCount()));
