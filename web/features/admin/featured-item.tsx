// One post of the featured list: dragged to reorder, or moved with its buttons; focus stays on a Move button.
import type { MutableRefObject } from 'react';
import { HOME_FEATURED_COUNT, type PostSummary } from '../../../contracts/posts';
import { buttonAfterMove } from './featured-list';
import type { FeaturedList } from './use-featured-list';

interface Props {
  post: PostSummary;
  index: number;
  list: FeaturedList;
  /** The index being dragged, shared by the list's items. */
  dragFrom: MutableRefObject<number | null>;
}

const buttonId = (which: 'up' | 'down', slug: string) => `featured-${which}-${slug}`;

export function FeaturedItem({ post, index, list, dragFrom }: Props) {
  const last = list.items.length - 1;
  const moveBy = (direction: 'up' | 'down') => {
    const to = direction === 'up' ? index - 1 : index + 1;
    list.reorder(index, to);
    const focus = buttonAfterMove(to, list.items.length, direction);
    requestAnimationFrame(() => document.getElementById(buttonId(focus, post.slug))?.focus());
  };
  const hidden = <span className="visually-hidden"> {post.title}</span>;
  return (
    <li
      draggable
      onDragStart={(e) => {
        dragFrom.current = index;
        e.dataTransfer.effectAllowed = 'move';
      }}
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        if (dragFrom.current !== null) list.reorder(dragFrom.current, index);
        dragFrom.current = null;
      }}
      className={index < HOME_FEATURED_COUNT ? 'on-home' : undefined}
    >
      <span className="drag-handle" aria-hidden="true">
        ⋮⋮
      </span>
      <span className="featured-title">
        {post.title} <span className="muted">· {post.author.name}</span>
      </span>
      <span className="row-actions">
        <button id={buttonId('up', post.slug)} type="button" onClick={() => moveBy('up')} disabled={index === 0}>
          Move up{hidden}
        </button>
        <button id={buttonId('down', post.slug)} type="button" onClick={() => moveBy('down')} disabled={index === last}>
          Move down{hidden}
        </button>
        <button type="button" className="danger" onClick={() => list.remove(index)}>
          Remove{hidden}
        </button>
      </span>
    </li>
  );
}
