// One item of a menu: its label and URL, dragged by its handle to reorder or moved with its buttons (focus
// stays on a Move button), removed after a confirmation.
import type { MutableRefObject } from 'react';
import { NAVIGATION_LABEL_MAX, type NavigationMenu } from '../../../contracts/navigation';
import { FormField, GroupError } from '../../components/form-field';
import { buttonAfterMove } from './featured-list';
import { itemErrors, type MenuItem } from './navigation-list';
import type { NavigationEditor } from './use-navigation-editor';

interface Props {
  menu: NavigationMenu;
  item: MenuItem;
  index: number;
  editor: NavigationEditor;
  /** The index being dragged in this menu, shared by its items. */
  dragFrom: MutableRefObject<number | null>;
  onRemove: (index: number) => void;
}

const buttonId = (which: 'up' | 'down', key: string) => `nav-${which}-${key}`;

const FIELD_NAMES = { label: 'Label', url: 'URL' } as const;
/** Each field's input hints: a label is short text, a URL is typed as an address. */
const FIELD_INPUTS = { label: { maxLength: NAVIGATION_LABEL_MAX }, url: { inputMode: 'url', spellCheck: false } } as const;

export function NavigationItemRow({ menu, item, index, editor, dragFrom, onRemove }: Props) {
  const count = editor.menus[menu].length;
  const errors = itemErrors(editor.errors, menu, index);
  const moveBy = (direction: 'up' | 'down') => {
    const to = direction === 'up' ? index - 1 : index + 1;
    editor.move(menu, index, to);
    const focus = buttonAfterMove(to, count, direction);
    requestAnimationFrame(() => document.getElementById(buttonId(focus, item.key))?.focus());
  };
  const which = <span className="visually-hidden"> {item.label || `item ${index + 1}`}</span>;
  const id = (field: string) => `nav-${menu}-${item.key}-${field}`;
  return (
    <li
      className="nav-item"
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        if (dragFrom.current !== null) editor.move(menu, dragFrom.current, index);
        dragFrom.current = null;
      }}
    >
      <span
        className="drag-handle"
        aria-hidden="true"
        draggable
        title="Drag to reorder"
        onDragStart={(e) => {
          dragFrom.current = index;
          e.dataTransfer.effectAllowed = 'move';
          const row = e.currentTarget.closest('li');
          if (row) e.dataTransfer.setDragImage(row, 12, 12);
        }}
        onDragEnd={() => (dragFrom.current = null)}
      >
        ⋮⋮
      </span>
      <div className="nav-item-fields">
        {(['label', 'url'] as const).map((field) => (
          <FormField
            key={field}
            id={id(field)}
            label={
              <>
                {FIELD_NAMES[field]}
                <span className="visually-hidden">
                  {' '}
                  of {menu} item {index + 1}
                </span>
              </>
            }
            value={item[field]}
            onChange={(e) => editor.edit(menu, index, field, e.target.value)}
            error={errors[field]}
            {...FIELD_INPUTS[field]}
          />
        ))}
        <GroupError id={id('error')} message={errors.item} />
      </div>
      <span className="row-actions">
        <button id={buttonId('up', item.key)} type="button" onClick={() => moveBy('up')} disabled={index === 0}>
          Move up{which}
        </button>
        <button id={buttonId('down', item.key)} type="button" onClick={() => moveBy('down')} disabled={index === count - 1}>
          Move down{which}
        </button>
        <button type="button" className="danger" onClick={() => onRemove(index)}>
          Remove{which}
        </button>
      </span>
    </li>
  );
}
