// useAutosave: one save a few seconds after the last change, only while enabled, with the state the
// author sees.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOSAVE_DELAY_MS, useAutosave } from '../../web/features/editor/use-autosave';
import { renderHook, run } from './render-hook';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

async function setup(answer: () => Promise<boolean> = async () => true) {
  const saves: string[] = [];
  let key = '';
  const hook = await renderHook((p: { changeKey: string; enabled: boolean }) =>
    useAutosave({
      ...p,
      save: () => {
        saves.push(key);
        return answer();
      },
    }),
  { changeKey: 'a', enabled: true });
  const change = async (changeKey: string, enabled = true) => {
    key = changeKey;
    await hook.rerender({ changeKey, enabled });
  };
  key = 'a';
  return { ...hook, saves, change };
}

describe('useAutosave', () => {
  it('saves once, 3 s after typing stops, and says so', async () => {
    expect(AUTOSAVE_DELAY_MS).toBe(3000);
    const { result, saves, change } = await setup();
    expect(result.current).toBe('pending');
    await run(() => vi.advanceTimersByTime(2000));
    await change('ab');
    await run(() => vi.advanceTimersByTime(2000));
    await change('abc');
    await run(() => vi.advanceTimersByTime(2999));
    expect(saves).toEqual([]);
    await run(() => vi.advanceTimersByTime(1));
    expect(saves).toEqual(['abc']);
    expect(result.current).toBe('saved');
  });

  it('does nothing while disabled (published post, nothing changed, an explicit save running)', async () => {
    const { result, saves, change } = await setup();
    await change('b', false);
    await run(() => vi.advanceTimersByTime(10_000));
    expect(saves).toEqual([]);
    expect(result.current).toBe('pending'); // the state of the last enabled round stays until a new one
  });

  it('reports a failed save (the page then says the text is kept in this browser)', async () => {
    const { result } = await setup(async () => false);
    await run(() => vi.advanceTimersByTime(AUTOSAVE_DELAY_MS));
    expect(result.current).toBe('failed');
  });

  it('a save that answers after a newer change does not report over it', async () => {
    let release!: (ok: boolean) => void;
    const { result, change } = await setup(() => new Promise<boolean>((r) => (release = r)));
    await run(() => vi.advanceTimersByTime(AUTOSAVE_DELAY_MS));
    expect(result.current).toBe('saving');
    await change('newer');
    await run(() => release(true));
    expect(result.current).toBe('pending');
  });
});
