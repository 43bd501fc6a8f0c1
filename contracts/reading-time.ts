// Reading time: one rule for the Worker (stored with each post) and the editor (shown while writing).

export const WORDS_PER_MINUTE = 220;

/** Words in plain text: runs of non-space characters. */
export function countWords(plain: string): number {
  const text = plain.trim();
  return text === '' ? 0 : text.split(/\s+/).length;
}

/** ceil(words / WORDS_PER_MINUTE), at least 1. */
export function readingMinutesFor(words: number): number {
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}
