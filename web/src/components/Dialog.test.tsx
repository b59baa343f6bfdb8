import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { Dialog, type DialogProps } from './Dialog';

type Options = Partial<Omit<DialogProps, 'children'>> & { children?: ReactNode };

/** A title and three buttons; the hidden input last, where the trap must skip it. */
const sample = (
  <>
    <h2 id="t-title">Título</h2>
    <button type="button">Uno</button>
    <button type="button">Dos</button>
    <button type="button">Tres</button>
    <input type="hidden" name="secreto" />
  </>
);

function dialogOf({ children, onClose, ...props }: Options & { onClose: () => void }) {
  return (
    <Dialog backdropClassName="test-backdrop" className="test-dialog" labelledBy="t-title" {...props} onClose={onClose}>
      {children ?? sample}
    </Dialog>
  );
}

/** Renders an open dialog (the sample content unless `children` is given). */
function renderDialog(options: Options = {}) {
  const onClose = options.onClose ?? vi.fn();
  const view = render(dialogOf({ ...options, onClose }));
  return { ...view, onClose, dialog: screen.getByRole('dialog', { name: 'Título' }) };
}

/** An opener button that mounts the dialog, the way the app's pages do. */
function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      {open && (
        <Dialog
          backdropClassName="test-backdrop"
          className="test-dialog"
          labelledBy="o-title"
          onClose={() => setOpen(false)}
        >
          <h2 id="o-title">Diálogo</h2>
          <button type="button">Aceptar</button>
        </Dialog>
      )}
    </>
  );
}

afterEach(() => {
  document.body.style.overflow = '';
});

describe('Dialog', () => {
  it('is a labelled modal dialog inside its backdrop', () => {
    const { dialog } = renderDialog({ describedBy: 't-title', id: 'd-1' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAttribute('aria-describedby', 't-title');
    expect(dialog).toHaveAttribute('id', 'd-1');
    expect(dialog).toHaveAttribute('tabindex', '-1');
    expect(dialog).toHaveClass('test-dialog');
    expect(dialog.parentElement).toHaveClass('test-backdrop');
  });

  it('moves the focus to the first control on open', () => {
    renderDialog();
    expect(screen.getByRole('button', { name: 'Uno' })).toHaveFocus();
  });

  it('moves the focus to the element initialFocus selects', () => {
    renderDialog({
      initialFocus: '.target',
      children: (
        <>
          <h2 id="t-title">Título</h2>
          <button type="button">Uno</button>
          <button type="button" className="target">
            Dos
          </button>
        </>
      ),
    });
    expect(screen.getByRole('button', { name: 'Dos' })).toHaveFocus();
  });

  it('falls back to the first control when initialFocus matches nothing', () => {
    renderDialog({ initialFocus: '.missing' });
    expect(screen.getByRole('button', { name: 'Uno' })).toHaveFocus();
  });

  it('focuses the dialog itself when it has no control', async () => {
    const { dialog } = renderDialog({ children: <h2 id="t-title">Título</h2> });
    expect(dialog).toHaveFocus();
    await userEvent.setup().tab({ shift: true });
    expect(dialog).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab inside, skipping hidden inputs', async () => {
    const user = userEvent.setup();
    renderDialog();
    const first = screen.getByRole('button', { name: 'Uno' });
    const last = screen.getByRole('button', { name: 'Tres' });
    await user.tab();
    expect(screen.getByRole('button', { name: 'Dos' })).toHaveFocus();
    await user.tab();
    expect(last).toHaveFocus();
    await user.tab();
    expect(first).toHaveFocus();
    await user.tab({ shift: true });
    expect(last).toHaveFocus();
  });

  it('closes on Escape without letting it reach outer handlers', () => {
    const outer = vi.fn();
    document.addEventListener('keydown', outer);
    const { onClose, dialog } = renderDialog();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    document.removeEventListener('keydown', outer);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
  });

  it('does not close on Escape or a backdrop mousedown while busy', () => {
    const { onClose, dialog } = renderDialog({ busy: true });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.mouseDown(dialog.parentElement!);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes on a mousedown on the backdrop, not inside the dialog', () => {
    const { onClose, dialog } = renderDialog();
    fireEvent.mouseDown(dialog);
    fireEvent.mouseDown(screen.getByRole('button', { name: 'Dos' }));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.mouseDown(dialog.parentElement!);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('calls the latest onClose without moving the focus again', () => {
    const first = vi.fn();
    const latest = vi.fn();
    const { rerender, dialog } = renderDialog({ onClose: first });
    const dos = screen.getByRole('button', { name: 'Dos' });
    dos.focus();
    rerender(dialogOf({ onClose: latest }));
    expect(dos).toHaveFocus();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledTimes(1);
  });

  it('locks the page scroll while open and restores it after', () => {
    document.body.style.overflow = 'auto';
    const { unmount } = renderDialog();
    expect(document.body.style.overflow).toBe('hidden');
    unmount();
    expect(document.body.style.overflow).toBe('auto');
  });

  it('gives the focus back to the opener on close', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Abrir' });
    await user.click(opener);
    expect(screen.getByRole('button', { name: 'Aceptar' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('does not try to focus an opener that left the page', () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const focus = vi.spyOn(opener, 'focus');
    const { unmount } = renderDialog();
    opener.remove();
    unmount();
    expect(focus).not.toHaveBeenCalled();
  });

  it('leaves the focus where the page put it meanwhile, outside the dialog', () => {
    const opener = document.createElement('button');
    const elsewhere = document.createElement('button');
    document.body.append(opener, elsewhere);
    opener.focus();
    const { unmount } = renderDialog();
    // The page focuses something of its own (a notice's 'Copiar enlace') before the dialog's cleanup runs.
    elsewhere.focus();
    unmount();
    expect(elsewhere).toHaveFocus();
    opener.remove();
    elsewhere.remove();
  });

  it('renders under <body> in portal mode', () => {
    const host = document.createElement('div');
    document.body.append(host);
    render(
      <Dialog
        portal
        backdropClassName="test-backdrop"
        className="test-dialog"
        labelledBy="p-title"
        onClose={() => undefined}
      >
        <h2 id="p-title">Portal</h2>
      </Dialog>,
      { container: host },
    );
    const dialog = screen.getByRole('dialog', { name: 'Portal' });
    expect(host).toBeEmptyDOMElement();
    expect(dialog.parentElement?.parentElement).toBe(document.body);
    host.remove();
  });

  it('opened while hidden, takes the focus when it shows', () => {
    // jsdom lays nothing out: the page's visibility and the browser's
    // resize observations are played by hand. The dialog opens inside a
    // hidden #root (the diner menu's app behind the server's first view).
    let shown = false;
    const observers: { callback: () => void; connected: boolean }[] = [];
    class FakeResizeObserver {
      entry: { callback: () => void; connected: boolean };
      constructor(callback: () => void) {
        this.entry = { callback, connected: false };
        observers.push(this.entry);
      }
      observe() {
        this.entry.connected = true;
      }
      disconnect() {
        this.entry.connected = false;
      }
    }
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    Object.defineProperty(HTMLElement.prototype, 'checkVisibility', { configurable: true, value: () => shown });
    try {
      renderDialog({ initialFocus: 'button:nth-of-type(2)' });
      expect(document.body).toHaveFocus();
      const observe = () => observers.filter((o) => o.connected).forEach((o) => o.callback());
      observe(); // an observation while still hidden changes nothing
      expect(document.body).toHaveFocus();
      shown = true;
      observe();
      expect(screen.getByRole('button', { name: 'Dos' })).toHaveFocus();
      expect(observers.some((o) => o.connected)).toBe(false);
    } finally {
      delete (HTMLElement.prototype as Partial<HTMLElement>).checkVisibility;
      vi.unstubAllGlobals();
    }
  });
});
