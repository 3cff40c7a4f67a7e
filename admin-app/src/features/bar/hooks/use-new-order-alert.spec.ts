import { act, renderHook } from '@testing-library/react';
import type { BarOrder } from '@festival/contracts';
import { createBarOrder } from '../testing/create-bar-order';
import { useNewOrderAlert } from './use-new-order-alert';

describe('useNewOrderAlert', () => {
  function setup(initial: BarOrder[] | undefined) {
    const chime = jest.fn();
    const hook = renderHook(({ orders }: { orders: BarOrder[] | undefined }) => useNewOrderAlert(orders, chime), {
      initialProps: { orders: initial },
    });
    return { chime, hook };
  }

  it('stays quiet while loading and when the page opens on an existing queue', () => {
    const { chime, hook } = setup(undefined);
    hook.rerender({ orders: [createBarOrder({ number: 1 })] });
    expect(chime).not.toHaveBeenCalled();
    expect(hook.result.current.arrived).toEqual([]);
  });

  it('rings once per poll that brings new orders and lists them for the badge', () => {
    const { chime, hook } = setup([createBarOrder({ number: 1 })]);
    hook.rerender({ orders: [createBarOrder({ number: 1 }), createBarOrder({ number: 2 }), createBarOrder({ number: 3 })] });
    expect(chime).toHaveBeenCalledTimes(1);
    expect(hook.result.current.arrived.map((o) => o.number)).toEqual([2, 3]);
    expect(hook.result.current.isArrival('order-2')).toBe(true);
    expect(hook.result.current.isArrival('order-1')).toBe(false);

    // The same queue polled again: no second ring.
    hook.rerender({ orders: [createBarOrder({ number: 1 }), createBarOrder({ number: 2 }), createBarOrder({ number: 3 })] });
    expect(chime).toHaveBeenCalledTimes(1);
  });

  it('drops an arrival from the badge once it is marked Ready, and clears all when acknowledged', () => {
    const { chime, hook } = setup([]);
    hook.rerender({ orders: [createBarOrder({ number: 5 }), createBarOrder({ number: 6 })] });
    hook.rerender({ orders: [createBarOrder({ number: 5, status: 'ready' }), createBarOrder({ number: 6 })] });
    expect(hook.result.current.arrived.map((o) => o.number)).toEqual([6]);
    act(() => hook.result.current.acknowledge());
    expect(hook.result.current.arrived).toEqual([]);

    hook.rerender({
      orders: [createBarOrder({ number: 5, status: 'ready' }), createBarOrder({ number: 6 }), createBarOrder({ number: 7 })],
    });
    expect(chime).toHaveBeenCalledTimes(2);
    expect(hook.result.current.arrived.map((o) => o.number)).toEqual([7]);
  });
});
