/**
 * The property the dashboard shows, remembered per space in localStorage under an ma_ key like
 * the session keys (spec 000 §3). It survives a space switch (so coming back keeps the choice)
 * and is removed with the session (clearSelectedProperties on logout).
 */
const PREFIX = 'ma_ga4_selected_property:';

export function readSelectedProperty(spaceId: string): string | null {
  try {
    return localStorage.getItem(PREFIX + spaceId);
  } catch {
    return null; // storage blocked (private mode): the first linked property is used
  }
}

export function saveSelectedProperty(spaceId: string, propertyId: string | null): void {
  try {
    if (propertyId) localStorage.setItem(PREFIX + spaceId, propertyId);
    else localStorage.removeItem(PREFIX + spaceId);
  } catch {
    // Not remembering the choice only means the first linked property is shown next time.
  }
}

export function clearSelectedProperties(): void {
  try {
    const keys = Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index));
    for (const key of keys) if (key?.startsWith(PREFIX)) localStorage.removeItem(key);
  } catch {
    // Nothing to clear when storage is blocked.
  }
}
