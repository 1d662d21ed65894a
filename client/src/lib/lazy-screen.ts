import { lazy, type ComponentType } from 'react';

export type LazyScreen<Props = object> = ComponentType<Props> & {
  /** Starts fetching the screen's chunk before it is rendered (safe to call more than once). */
  preload: () => Promise<unknown>;
};

/**
 * A screen loaded with its own chunk the first time it is shown (React.lazy with a preload).
 * Made once per screen at module level: a lazy component made during render would suspend forever.
 * A failed fetch is forgotten, so a later preload tries again; React.lazy itself keeps the failure
 * until the page is reloaded (ScreenBoundary offers that).
 */
export function lazyScreen<Props extends object>(load: () => Promise<ComponentType<Props>>): LazyScreen<Props> {
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const preload = () => {
    loading ??= load().then(
      (screen) => ({ default: screen }),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return Object.assign(lazy(preload), { preload });
}
