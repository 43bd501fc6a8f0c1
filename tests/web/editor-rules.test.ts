// The editor's plain rules: the slug follows the title until edited, the save input, tags, inserting an
// image's Markdown at the cursor, the word count and the shared reading-time rule.
import { describe, expect, it } from 'vitest';
import { TAG_NAME_MAX, TAGS_MAX } from '../../contracts/limits';
import { readingMinutesFor, WORDS_PER_MINUTE } from '../../contracts/reading-time';
import { slugify } from '../../contracts/slugify';
import { bodyStats, draftOf, inputFor, publishedAtFor, withField } from '../../web/features/editor/draft';
import { addTag } from '../../web/features/editor/tag-input';
import { imageMarkdown, insertAt } from '../../web/features/editor/body-field';
import { saveStateText } from '../../web/features/editor/status-bar';
import { categories, postFixture } from './editor-fixtures';

describe('slug field', () => {
  it('follows the title of a new post with the Worker’s slugify rule until the author edits it', () => {
    let d = draftOf(null, categories, 'UTC');
    d = withField(d, 'title', 'Crème brûlée, Straße & Co');
    expect(d.slug).toBe(slugify('Crème brûlée, Straße & Co'));
    expect(d.slug).toBe('creme-brulee-strasse-co');
    d = withField(d, 'slug', 'my-own');
    d = withField(d, 'title', 'Another title');
    expect(d.slug).toBe('my-own');
  });

  it('keeps a saved post’s slug when its title changes, and sends a slug only when it changed', () => {
    const post = postFixture();
    let d = withField(draftOf(post, categories, 'UTC'), 'title', 'Renamed');
    expect(d.slug).toBe('field-notes');
    expect(inputFor('draft', d, post, undefined, false)).not.toHaveProperty('slug');
    d = withField(d, 'slug', 'new-address');
    expect(inputFor('update', d, post, post.publishedAt, false)).toMatchObject({ slug: 'new-address', version: 3, tags: ['Edge'] });
  });
});

describe('the cover’s alt text', () => {
  it('starts from the post’s and is sent trimmed with the cover; empty marks the cover decorative', () => {
    const post = postFixture({ coverImage: '/media/a.png', coverAlt: 'A red door' });
    let d = draftOf(post, categories, 'UTC');
    expect(d.coverAlt).toBe('A red door');
    d = withField(d, 'coverAlt', '  A blue door ');
    expect(inputFor('update', d, post, post.publishedAt, false)).toMatchObject({ coverImage: '/media/a.png', coverAlt: 'A blue door' });
    expect(inputFor('update', withField(d, 'coverAlt', ''), post, post.publishedAt, false)).toMatchObject({ coverAlt: '' });
  });

  it('sends the decorative choice, and no alt text with it; it starts from the post’s', () => {
    const post = postFixture({ coverImage: '/media/a.png', coverAlt: '', coverDecorative: true });
    const d = draftOf(post, categories, 'UTC');
    expect(d.coverDecorative).toBe(true);
    expect(inputFor('update', withField(d, 'coverAlt', 'Typed before ticking'), post, post.publishedAt, false)).toMatchObject({ coverAlt: '', coverDecorative: true });
    expect(inputFor('update', withField(d, 'coverDecorative', false), post, post.publishedAt, false)).toMatchObject({ coverDecorative: false });
  });
});

describe('publication date of a save', () => {
  it('publish now sends null; a schedule must be in the future', () => {
    const d = draftOf(null, categories, 'UTC');
    expect(publishedAtFor('publish', null, d, d, 'UTC')).toBeNull();
    expect(publishedAtFor('schedule', null, { ...d, scheduleAt: '2000-01-01T10:00' }, d, 'UTC')).toBe('invalid');
    expect(publishedAtFor('draft', null, d, d, 'UTC')).toBeUndefined();
  });

  it('the schedule picker shows and takes a wall-clock time in the site’s zone, not the browser’s', () => {
    const post = postFixture({ status: 'published', publishedAt: '2030-07-14T21:00:00.000Z' });
    const inAuckland = draftOf(post, categories, 'Pacific/Auckland');
    expect(inAuckland.scheduleAt).toBe('2030-07-15T09:00');
    expect(draftOf(post, categories, 'Europe/Berlin').scheduleAt).toBe('2030-07-14T23:00');
    const moved = { ...inAuckland, scheduleAt: '2030-07-16T09:00' };
    expect(publishedAtFor('update', post, moved, inAuckland, 'Pacific/Auckland')).toBe('2030-07-15T21:00:00.000Z');
    expect(publishedAtFor('schedule', post, moved, inAuckland, 'America/New_York')).toBe('2030-07-16T13:00:00.000Z');
  });
});

describe('tags', () => {
  it('adds trimmed names once (any case) and explains a refusal', () => {
    expect(addTag([], '  Edge   cache ')).toEqual({ tags: ['Edge cache'], error: null });
    expect(addTag(['Edge'], 'edge').error).toBe('“edge” is already a tag of this post');
    expect(addTag([], 'x'.repeat(TAG_NAME_MAX + 1)).error).toBe(`A tag may be at most ${TAG_NAME_MAX} characters`);
    const full = Array.from({ length: TAGS_MAX }, (_, i) => `t${i}`);
    expect(addTag(full, 'one more').error).toBe(`A post may have at most ${TAGS_MAX} tags`);
    expect(addTag(['a'], '   ')).toEqual({ tags: ['a'], error: null });
  });
});

describe('images in the body', () => {
  it('puts the Markdown at the cursor on a line of its own, escaping brackets in the alt text', () => {
    expect(imageMarkdown('A [big] cat', '/media/x.png')).toBe('![A \\[big\\] cat](/media/x.png)');
    expect(insertAt('one two', 3, 3, '![a](/m)')).toEqual({ text: 'one\n![a](/m)\n two', cursor: 13 });
    expect(insertAt('', 0, 0, '![a](/m)')).toEqual({ text: '![a](/m)\n', cursor: 9 });
    expect(insertAt('replace ME', 8, 10, '![a](/m)').text).toBe('replace \n![a](/m)\n');
  });
});

describe('word count and reading time', () => {
  it('counts words as a reader sees them and uses the Worker’s rule: ceil(words / 220), at least 1', () => {
    expect(WORDS_PER_MINUTE).toBe(220);
    expect(readingMinutesFor(0)).toBe(1);
    expect(readingMinutesFor(220)).toBe(1);
    expect(readingMinutesFor(221)).toBe(2);
    expect(bodyStats('## A heading\n\n- one **bold** item\n\n![alt text](/media/x.png) and [a link](https://e.example)')).toEqual({
      words: 10,
      minutes: 1,
    });
    expect(bodyStats('')).toEqual({ words: 0, minutes: 1 });
  });
});

describe('save state', () => {
  const base = { saving: false, dirty: false, autosave: 'idle' as const, autosaves: true, isNew: false };
  it('says Saving…, Saved, or that unsaved text is kept in this browser', () => {
    expect(saveStateText({ ...base, saving: true })).toBe('Saving…');
    expect(saveStateText(base)).toBe('Saved');
    expect(saveStateText({ ...base, dirty: true })).toBe('Unsaved changes (saving soon)');
    expect(saveStateText({ ...base, dirty: true, autosaves: false })).toBe('Unsaved changes');
    expect(saveStateText({ ...base, dirty: true, autosave: 'failed' })).toBe('Not saved — your text is kept in this browser');
    expect(saveStateText({ ...base, isNew: true })).toBe('');
  });
});

describe('the category of a new post', () => {
  it('starts in the settings’ default category when it is offered, else the first; a saved post keeps its own', () => {
    const first = categories[0]!;
    const second = { slug: 'essays', name: 'Essays', description: '', postCount: 0 };
    const offered = [first, second];
    expect(draftOf(null, offered, 'UTC', second.slug).category).toBe(second.slug);
    expect(draftOf(null, offered, 'UTC', null).category).toBe(first.slug);
    expect(draftOf(null, offered, 'UTC', 'no-such-category').category).toBe(first.slug);
    const post = postFixture();
    expect(draftOf(post, offered, 'UTC', second.slug).category).toBe(post.category.slug);
  });
});
