// Tags: chips for the post's tags (each with a Remove button), a text field that adds one on Enter or a
// comma, and suggestions of existing tags (a native datalist). Limits from contracts/limits.ts.
import { useState, type KeyboardEvent } from 'react';
import { TAG_NAME_MAX, TAGS_MAX } from '../../../contracts/limits';
import type { Tag } from '../../../contracts/tags';
import { Field } from '../../components/form-field';

const ID = 'post-tags';

/** Adds `name` to `tags` (trimmed; a repeat in any case counts once); a message when it cannot. */
export function addTag(tags: string[], name: string): { tags: string[]; error: string | null } {
  const tag = name.trim().replace(/\s+/g, ' ');
  if (tag === '') return { tags, error: null };
  if (tag.length > TAG_NAME_MAX) return { tags, error: `A tag may be at most ${TAG_NAME_MAX} characters` };
  if (tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return { tags, error: `“${tag}” is already a tag of this post` };
  if (tags.length >= TAGS_MAX) return { tags, error: `A post may have at most ${TAGS_MAX} tags` };
  return { tags: [...tags, tag], error: null };
}

interface Props {
  tags: string[];
  onChange: (tags: string[]) => void;
  suggestions: Tag[];
  /** The form's error for `tags` (from a save). */
  error?: string;
}

export function TagInput({ tags, onChange, suggestions, error }: Props) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const shown = problem ?? error;
  const full = tags.length >= TAGS_MAX;

  function commit(): boolean {
    const result = addTag(tags, text);
    setProblem(result.error);
    if (result.tags !== tags) {
      onChange(result.tags);
      setAnnouncement(`Tag “${result.tags[result.tags.length - 1]}” added.`);
      setText('');
      return true;
    }
    return false;
  }

  function remove(index: number) {
    const name = tags[index];
    onChange(tags.filter((_, i) => i !== index));
    setProblem(null);
    setAnnouncement(`Tag “${name}” removed.`);
    document.getElementById(ID)?.focus();
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault(); // Enter would submit the form
      commit();
    } else if (e.key === 'Backspace' && text === '' && tags.length > 0) {
      remove(tags.length - 1);
    }
  }

  return (
    <Field
      id={ID}
      name="tags"
      label="Tags"
      className="tag-field"
      hint={
        full
          ? `This post has the most tags it may have (${TAGS_MAX}); remove one to add another.`
          : `Press Enter or a comma to add a tag; up to ${TAGS_MAX}, each up to ${TAG_NAME_MAX} characters. Backspace in the empty field removes the last.`
      }
      error={shown}
      after={
        <p className="visually-hidden" aria-live="polite">
          {announcement}
        </p>
      }
    >
      {(control) => (
        <>
          {tags.length > 0 ? (
            <ul className="editor-tag-chips" aria-label="Tags of this post">
              {tags.map((tag, i) => (
                <li key={tag} className="editor-tag-chip">
                  <span>{tag}</span>
                  <button type="button" className="chip-remove" aria-label={`Remove tag ${tag}`} onClick={() => remove(i)}>
                    ×
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="inline-row">
            <input
              {...control}
              list={`${ID}-suggestions`}
              autoComplete="off"
              maxLength={TAG_NAME_MAX}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setProblem(null);
              }}
              onKeyDown={onKeyDown}
              onBlur={() => {
                if (text.trim() !== '') commit();
              }}
            />
            <button type="button" onClick={() => commit()} disabled={text.trim() === ''}>
              Add tag
            </button>
          </div>
          <datalist id={`${ID}-suggestions`}>
            {suggestions
              .filter((s) => !tags.some((t) => t.toLowerCase() === s.name.toLowerCase()))
              .map((s) => (
                <option key={s.slug} value={s.name} />
              ))}
          </datalist>
        </>
      )}
    </Field>
  );
}
