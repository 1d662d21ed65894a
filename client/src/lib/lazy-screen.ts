import { createElement, lazy, useState, type ComponentType } from 'react';
import { loadOnce } from './load-once';
import { loadActiveTexts } from './i18n';

export type LazyScreen<Props = object> = ComponentType<Props> & {
  /** Starts fetching the screen's chunk before it is rendered (safe to call more than once). */
  preload: () => Promise<unknown>;
};

/**
 * A screen loaded with its own chunk the first time it is shown. Made once per screen at module
 * level. A screen whose chunk is already here (preloaded) renders at once; only one still on its
 * way goes through React.lazy and suspends (React reveals suspended content in throttled batches,
 * which a preloaded screen should not wait for). Which of the two a mounted screen
 * uses is fixed when it mounts, so it never remounts. A failed fetch is forgotten, so a later
 * preload tries again; React.lazy itself keeps the failure until the page is reloaded
 * (ScreenBoundary offers that). A screen shown in a language other than English is ready when its
 * texts in that language are here too.
 */
export function lazyScreen<Props extends object>(load: () => Promise<ComponentType<Props>>): LazyScreen<Props> {
  let loaded: ComponentType<Props> | undefined;
  const preload = loadOnce(async () => {
    const screen = await load();
    // The screen's module registered its texts' area: in a language other than English, fetch it too.
    await loadActiveTexts();
    loaded = screen;
    return { default: loaded };
  });
  const Suspending = lazy(preload);
  function Screen(props: Props) {
    const [component] = useState<ComponentType<Props>>(() => loaded ?? Suspending);
    return createElement(component, props);
  }
  return Object.assign(Screen, { preload });
}
