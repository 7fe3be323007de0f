/**
 * Light, dark or the system's setting: a preference of this device, kept in localStorage beside the
 * sidebar's (not an `ma_` key, so it stays after sign-out, like the device itself). The page takes
 * it before its first paint from public/theme-boot.js, which reads the same key; the app's Theme
 * reads it from here and follows a change at once, in this tab and in the device's other tabs.
 */
import { useSyncExternalStore } from 'react';
import { DARK_SCHEME_MEDIA_QUERY, useMediaQuery } from './useMediaQuery';

/** The localStorage key (public/theme-boot.js reads it too). */
export const THEME_PREFERENCE_KEY = 'mosaic.theme';

export const THEME_PREFERENCES = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
export type Appearance = 'light' | 'dark';

const isPreference = (value: unknown): value is ThemePreference => THEME_PREFERENCES.includes(value as ThemePreference);

/** A choice this device's storage would not keep (private mode): it holds until the page is left. */
let unsaved: ThemePreference | null = null;

export function readThemePreference(): ThemePreference {
  if (unsaved) return unsaved;
  try {
    const stored = localStorage.getItem(THEME_PREFERENCE_KEY);
    return isPreference(stored) ? stored : 'system';
  } catch {
    return 'system'; // storage can be unavailable (private mode): the system's setting
  }
}

const listeners = new Set<() => void>();

export function setThemePreference(preference: ThemePreference): void {
  try {
    if (preference === 'system') localStorage.removeItem(THEME_PREFERENCE_KEY);
    else localStorage.setItem(THEME_PREFERENCE_KEY, preference);
    unsaved = null;
  } catch {
    unsaved = preference;
  }
  for (const listener of listeners) listener();
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  // Another tab of this device changed it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_PREFERENCE_KEY || event.key === null) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

export function useThemePreference(): ThemePreference {
  return useSyncExternalStore(subscribe, readThemePreference, () => 'system');
}

/** What the app shows: the preference, or for "system" the system's setting, followed live. */
export function useAppearance(): Appearance {
  const preference = useThemePreference();
  const systemDark = useMediaQuery(DARK_SCHEME_MEDIA_QUERY);
  if (preference === 'system') return systemDark ? 'dark' : 'light';
  return preference;
}

/**
 * The page behind the app (what shows before it renders and around it) in the same appearance:
 * public/theme-boot.js sets this first, the app keeps it in step.
 */
export function markDocumentAppearance(appearance: Appearance): void {
  const root = document.documentElement;
  root.dataset.appearance = appearance;
  root.style.colorScheme = appearance;
}
