// Runs a hook in a real React root (happy-dom) so its state, effects and timers behave as on a page;
// `result.current` is the hook's latest answer. No mocks of our own modules.
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Rendered<T, P> {
  result: { current: T };
  rerender: (props: P) => Promise<void>;
  unmount: () => void;
}

export async function renderHook<T, P = undefined>(hook: (props: P) => T, initialProps?: P): Promise<Rendered<T, P>> {
  const result = { current: undefined as T };
  const container = document.createElement('div');
  const root = createRoot(container);
  function Probe({ props }: { props: P }) {
    result.current = hook(props);
    return null;
  }
  await act(async () => root.render(createElement(Probe, { props: initialProps as P })));
  return {
    result,
    rerender: async (props: P) => {
      await act(async () => root.render(createElement(Probe, { props })));
    },
    unmount: () => act(() => root.unmount()),
  };
}

/** Runs `fn` inside act() and waits for what it started (state updates, resolved fetches). */
export async function run<T>(fn: () => T | Promise<T>): Promise<T> {
  let out: T;
  await act(async () => {
    out = await fn();
  });
  return out!;
}
