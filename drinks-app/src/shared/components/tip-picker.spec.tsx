import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import type { Tip } from '@festival/contracts';
import { renderInLanguage } from '#shared/testing/render-in-language.tsx';
import { TipPicker } from './tip-picker';

function Picker({ subtotalCents, onTip }: { subtotalCents: number; onTip: (tip: Tip) => void }) {
  const [tip, setTip] = useState<Tip>({ percent: 0 });
  return (
    <TipPicker
      subtotalCents={subtotalCents}
      tip={tip}
      onChange={(next) => {
        setTip(next);
        onTip(next);
      }}
    />
  );
}

describe('the tip picker', () => {
  it('offers No tip, 10%, 15%, 20% and Custom, and shows the tip on the drinks before tax', () => {
    const chosen: Tip[] = [];
    renderInLanguage(<Picker subtotalCents={1234} onTip={(tip) => chosen.push(tip)} />, { path: null });
    expect(screen.getByRole('radio', { name: 'No tip' })).toHaveProperty('checked', true);
    expect(screen.getByTestId('tip-amount').textContent?.trim()).toBe('Tip: $0.00');

    fireEvent.click(screen.getByRole('radio', { name: '15%' }));
    expect(screen.getByTestId('tip-amount').textContent?.trim()).toBe('Tip: $1.85');

    fireEvent.click(screen.getByRole('radio', { name: 'Custom' }));
    fireEvent.change(screen.getByLabelText('Tip amount ($)'), { target: { value: '2.50' } });
    expect(screen.getByTestId('tip-amount').textContent?.trim()).toBe('Tip: $2.50');
    expect(chosen.at(-1)).toEqual({ cents: 250 });
    expect(chosen).toContainEqual({ percent: 15 });
  });

  it('says when a custom tip is more than the drinks themselves', () => {
    renderInLanguage(<Picker subtotalCents={500} onTip={() => undefined} />, { path: null });
    fireEvent.click(screen.getByRole('radio', { name: 'Custom' }));
    fireEvent.change(screen.getByLabelText('Tip amount ($)'), { target: { value: '6' } });
    expect(screen.getByTestId('tip-amount').textContent).toContain('a tip cannot be more than the drinks themselves');
  });
});
