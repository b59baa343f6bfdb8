import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';

/** One entry of an ActionsMenu: an action (onSelect) or a page (to). */
export type MenuAction = { id: string; label: string; onSelect?: () => void; to?: string; danger?: boolean };

/** The menu's items, in order. */
const itemsOf = (menu: HTMLElement | null) => Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

/** Room the menu needs below its button; with less, it opens upwards. */
const MENU_ROOM_PX = 240;

/**
 * A row's actions behind one button, as the WAI-ARIA menu button pattern
 * has it: the button (aria-haspopup="menu", aria-expanded) opens the menu
 * with the focus on its first item (ArrowUp: on its last); ArrowDown /
 * ArrowUp move through the items and wrap, Home / End jump, Enter or Space
 * choose, Escape closes and gives the focus back to the button, Tab closes
 * and moves on, a click outside closes. Choosing an action gives the focus
 * back to the button first, so a dialog the action opens returns it there.
 */
export function ActionsMenu({ label, name, items }: { label: string; name: string; items: MenuAction[] }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [upwards, setUpwards] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  // Which item takes the focus once the menu is on the page.
  const [start, setStart] = useState<'first' | 'last'>('first');

  useEffect(() => {
    if (!open) return;
    const list = itemsOf(menu.current);
    (start === 'last' ? list.at(-1) : list[0])?.focus();
    const outside = (e: MouseEvent) => {
      if (!wrapper.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open, start]);

  function show(at: 'first' | 'last') {
    const r = button.current?.getBoundingClientRect();
    setUpwards(!!r && window.innerHeight - r.bottom < MENU_ROOM_PX && r.top > MENU_ROOM_PX);
    setStart(at);
    setOpen(true);
  }

  function close(focusButton: boolean) {
    setOpen(false);
    if (focusButton) button.current?.focus();
  }

  function onButtonKey(e: KeyboardEvent<HTMLButtonElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      show(e.key === 'ArrowUp' ? 'last' : 'first');
    }
  }

  function onMenuKey(e: KeyboardEvent<HTMLDivElement>) {
    const list = itemsOf(menu.current);
    const at = list.indexOf(document.activeElement as HTMLElement);
    let next: HTMLElement | undefined;
    switch (e.key) {
      case 'ArrowDown':
        next = list[(at + 1) % list.length];
        break;
      case 'ArrowUp':
        next = list[(at - 1 + list.length) % list.length];
        break;
      case 'Home':
        next = list[0];
        break;
      case 'End':
        next = list.at(-1);
        break;
      case 'Escape':
        e.preventDefault();
        close(true);
        return;
      case 'Tab':
        setOpen(false);
        return;
      default:
        return;
    }
    e.preventDefault();
    next?.focus();
  }

  function choose(item: MenuAction) {
    close(true);
    item.onSelect?.();
  }

  return (
    <div className="actions-menu" ref={wrapper}>
      <button
        ref={button}
        type="button"
        id={`${id}-button`}
        className="button button--small actions-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        aria-label={`${label}: ${name}`}
        onClick={() => (open ? close(false) : show('first'))}
        onKeyDown={onButtonKey}
      >
        {label}
        <span className="actions-menu__caret" aria-hidden="true">
          ▾
        </span>
      </button>
      {open && (
        <div
          ref={menu}
          id={`${id}-menu`}
          role="menu"
          aria-labelledby={`${id}-button`}
          className={`actions-menu__list${upwards ? ' actions-menu__list--up' : ''}`}
          onKeyDown={onMenuKey}
        >
          {items.map((item) =>
            item.to ? (
              <Link key={item.id} role="menuitem" tabIndex={-1} className="actions-menu__item" to={item.to} onClick={() => setOpen(false)}>
                {item.label}
              </Link>
            ) : (
              <button
                key={item.id}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={`actions-menu__item${item.danger ? ' actions-menu__item--danger' : ''}`}
                onClick={() => choose(item)}
              >
                {item.label}
              </button>
            ),
          )}
        </div>
      )}
    </div>
  );
}
