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

  it('names the 14 allergens as Regulation (EU) No 1169/2011, Annex II does, in Spanish and English', async () => {
    await i18next.loadLanguages('en');
    expect(ALLERGENS.map((a) => i18next.t(`diet.allergen.${a}`, { lng: 'es' }))).toEqual([
      'Cereales con gluten',
      'Crustáceos',
      'Huevos',
      'Pescado',
      'Cacahuetes',
      'Soja',
      'Leche',
      'Frutos de cáscara',
      'Apio',
      'Mostaza',
      'Granos de sésamo',
      'Dióxido de azufre y sulfitos',
      'Altramuces',
      'Moluscos',
    ]);
    expect(ALLERGENS.map((a) => i18next.t(`diet.allergen.${a}`, { lng: 'en' }))).toEqual([
      'Cereals containing gluten',
      'Crustaceans',
      'Eggs',
      'Fish',
      'Peanuts',
      'Soybeans',
      'Milk',
      'Nuts',
      'Celery',
      'Mustard',
      'Sesame seeds',
      'Sulphur dioxide and sulphites',
      'Lupin',
      'Molluscs',
    ]);
  });

  it("writes the tags and, after 'Contiene:', the allergens in the regulation order, as words beside their pictograms, in the diner's language", async () => {
    const product = { alergenos: ['leche', 'gluten'], etiquetas: ['picante'] };
    const { rerender } = render(<DietaryInfo product={product} />);
    const info = screen.getByTestId('dietary-info');
    const words = (name: string) => within(screen.getByRole('list', { name })).getAllByRole('listitem').map((li) => li.textContent);
    expect(words('Contiene:')).toEqual(['Cereales con gluten', 'Leche']);
    expect(words('Información dietética')).toEqual(['Picante']);
    expect(info).toHaveTextContent('PicanteContiene:Cereales con glutenLeche');
    // The words are the text; the pictograms beside them are decoration.
    expect(within(info).queryAllByRole('img')).toEqual([]);
    expect(info.querySelectorAll('svg[aria-hidden="true"]')).toHaveLength(3);
    await i18next.changeLanguage('en');
    rerender(<DietaryInfo product={product} />);
    expect(words('Contains:')).toEqual(['Cereals containing gluten', 'Milk']);
    expect(words('Dietary information')).toEqual(['Spicy']);
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
