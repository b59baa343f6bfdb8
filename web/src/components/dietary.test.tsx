import { beforeEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import '../app/i18n';
import { DIET_ICONS, DietaryInfo } from './DietaryIcons';
import { DietFilterBar } from './DietFilterBar';
import { ALLERGENS, DIET_TAGS, matchesDiet, parseDietFilters, withDietFilters, type DietFilter } from '../lib/dietary';
import { resetLanguage } from '../test/utils';

describe('matchesDiet', () => {
  const jamon = { alergenos: ['gluten'], etiquetas: [] };
  const gazpacho = { alergenos: ['sulfitos'], etiquetas: ['vegano', 'vegetariano', 'sin_gluten'] };
  const queso = { alergenos: ['leche'], etiquetas: ['vegetariano'] };
  const unknown = { alergenos: [], etiquetas: [] };
  const water = { alergenos: [], etiquetas: ['vegano'] };
  it.each([
    [[], [true, true, true, true, true]],
    [['sin_gluten'], [false, true, true, false, true]],
    [['sin_lactosa'], [true, true, false, false, true]],
    [['vegano'], [false, true, false, false, true]],
    [['sin_gluten', 'sin_lactosa'], [false, true, false, false, true]],
  ] as [DietFilter[], boolean[]][])('%j', (filters, want) => {
    expect([jamon, gazpacho, queso, unknown, water].map((p) => matchesDiet(p, filters))).toEqual(want);
  });

  it('reads and writes the dieta parameter, keeping the others', () => {
    const params = new URLSearchParams('categoria=3&dieta=vegano,nope,sin_gluten');
    expect(parseDietFilters(params)).toEqual(['sin_gluten', 'vegano']);
    expect(withDietFilters(params, ['vegano', 'sin_lactosa']).toString()).toBe('categoria=3&dieta=sin_lactosa%2Cvegano');
    expect(withDietFilters(params, []).toString()).toBe('categoria=3');
  });
});

describe('DietaryInfo', () => {
  beforeEach(resetLanguage);

  it('has a pictogram for every code', () => {
    for (const code of [...ALLERGENS, ...DIET_TAGS]) expect(DIET_ICONS[code], code).toBeTruthy();
  });

  it('shows tags then allergens in the regulation order, each with its text alternative, in both languages', async () => {
    const { rerender } = render(<DietaryInfo product={{ alergenos: ['leche', 'gluten'], etiquetas: ['picante'] }} />);
    const list = screen.getByRole('list', { name: 'Alérgenos e información dietética' });
    expect(within(list).getAllByRole('img').map((i) => i.getAttribute('aria-label'))).toEqual([
      'Picante',
      'Contiene: Gluten',
      'Contiene: Leche',
    ]);
    expect(list.querySelector('title')).toHaveTextContent('Picante');
    await i18next.changeLanguage('en');
    rerender(<DietaryInfo product={{ alergenos: ['leche', 'gluten'], etiquetas: ['picante'] }} />);
    expect(screen.getAllByRole('img').map((i) => i.getAttribute('aria-label'))).toEqual(['Spicy', 'Contains: Gluten', 'Contains: Milk']);
  });

  it('renders nothing for a product without information', () => {
    const { container } = render(<DietaryInfo product={{ alergenos: [], etiquetas: [] }} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('DietFilterBar', () => {
  beforeEach(resetLanguage);

  it('toggles filters as pressed buttons', async () => {
    function Harness() {
      const [value, setValue] = useState<DietFilter[]>([]);
      return (
        <>
          <DietFilterBar value={value} onChange={setValue} />
          <output>{value.join(',')}</output>
        </>
      );
    }
    render(<Harness />);
    const user = userEvent.setup();
    const group = screen.getByRole('group', { name: 'Filtrar:' });
    const vegano = within(group).getByRole('button', { name: 'Vegano' });
    expect(vegano).toHaveAttribute('aria-pressed', 'false');
    await user.click(vegano);
    await user.click(within(group).getByRole('button', { name: 'Sin lactosa' }));
    expect(vegano).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('vegano,sin_lactosa');
    await user.click(vegano);
    expect(screen.getByRole('status')).toHaveTextContent('sin_lactosa');
  });
});
