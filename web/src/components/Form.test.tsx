import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from './Form';

describe('Field', () => {
  it('names the control with its label and leaves it undescribed without a hint or an error', () => {
    render(<Field label="Título">{(control) => <input {...control} />}</Field>);
    const input = screen.getByLabelText('Título');
    expect(input.tagName).toBe('INPUT');
    expect(input).not.toHaveAttribute('aria-describedby');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input.closest('.field')).not.toBeNull();
  });

  it('keeps a given id and describes the control with its hint, then its error, marking it invalid', () => {
    const { rerender } = render(
      <Field id="offer-codigo" label="Código" hint="Letras y números" className="wide">
        {(control) => <textarea {...control} />}
      </Field>,
    );
    const control = screen.getByLabelText('Código');
    expect(control).toHaveAttribute('id', 'offer-codigo');
    expect(control).toHaveAccessibleDescription('Letras y números');
    expect(control).not.toHaveAttribute('aria-invalid');
    expect(control.closest('.field')).toHaveClass('field', 'wide');

    rerender(
      <Field id="offer-codigo" label="Código" hint="Letras y números" error="Ese código ya existe.">
        {(control) => <textarea {...control} />}
      </Field>,
    );
    expect(control).toHaveAttribute('aria-invalid', 'true');
    expect(control).toHaveAttribute('aria-describedby', 'offer-codigo-hint offer-codigo-error');
    expect(control).toHaveAccessibleDescription('Letras y números Ese código ya existe.');
  });

  it('gives each field its own id', () => {
    render(
      <>
        <Field label="Uno">{(control) => <input {...control} />}</Field>
        <Field label="Dos">{(control) => <select {...control} />}</Field>
      </>,
    );
    expect(screen.getByLabelText('Uno').id).not.toBe(screen.getByLabelText('Dos').id);
  });
});
