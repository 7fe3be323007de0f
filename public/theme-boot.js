/* global window, document */
// Runs before the first paint (a classic script in index.html's head): the page takes the theme
// chosen on this device (src/ui/theme-preference.ts, key "mosaic.theme") or the system's, so a
// dark page never starts white. The app's Theme then follows the same choice.
(function () {
  var preference = null;
  try {
    preference = localStorage.getItem('mosaic.theme');
  } catch {
    // Storage unavailable (private mode): the system's setting.
  }
  var dark =
    preference === 'dark' ||
    (preference !== 'light' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  var appearance = dark ? 'dark' : 'light';
  document.documentElement.dataset.appearance = appearance;
  document.documentElement.style.colorScheme = appearance;
})();
